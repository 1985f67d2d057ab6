-- wrk script: GET /case/{code}{SUFFIX} for codes drawn at random from a file
-- of codes, one a line (the file named by $CODES, else codes.txt); SUFFIX
-- (e.g. /moves) is empty unless set.
--   CODES=codes.txt wrk -t1 -c32 -d30s --latency -s bench/scripts/case_random.lua http://127.0.0.1:8080
--   SUFFIX=/moves CODES=codes.txt wrk -t1 -c8 -d30s --latency -s bench/scripts/case_random.lua http://127.0.0.1:8080
local codes = {}
for line in io.lines(os.getenv("CODES") or "codes.txt") do
  codes[#codes + 1] = line
end
local suffix = os.getenv("SUFFIX") or ""
math.randomseed(os.time())

request = function()
  return wrk.format("GET", "/case/" .. codes[math.random(#codes)] .. suffix)
end
