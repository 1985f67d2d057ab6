-- wrk script: GET /case/{code}{SUFFIX} for codes drawn at random from a file
-- of codes, one a line (the file named by $CODES, else codes.txt); SUFFIX
-- (e.g. /moves) is empty unless set.
--   CODES=codes.txt wrk -t1 -c32 -d30s --latency -s bench/scripts/case_random.lua http://127.0.0.1:8080
--   SUFFIX=/moves CODES=codes.txt wrk -t1 -c8 -d30s --latency -s bench/scripts/case_random.lua http://127.0.0.1:8080
-- A request is the code between two pieces written once: wrk.format per
-- request costs the load generator more than the request's own bytes, CPU
-- that a shared machine takes from the server. (Writing every request in
-- `init` instead would start one thread's requests before the other's
-- setup ends, and wrk counts them.)
local codes = {}
for line in io.lines(os.getenv("CODES") or "codes.txt") do
  codes[#codes + 1] = line
end
local suffix = os.getenv("SUFFIX") or ""
local head = "GET /case/"
local tail
math.randomseed(os.time())

init = function(args)
  -- " HTTP/1.1\r\n" and wrk's headers (Host is set before init).
  tail = suffix .. wrk.format("GET", "/"):sub(#"GET /" + 1)
end

request = function()
  return head .. codes[math.random(#codes)] .. tail
end
