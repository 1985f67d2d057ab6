// The names Chinese boards write on the pieces: 曹操 on the 2x2 block; on
// the classic pieces (one 2x1, four 1x2, 1x1s: class 5-4-1, as 横刀立马)
// the five tiger generals, 关羽 the 2x1 and 张飞 赵云 马超 黄忠 the 1x2s in
// reading order, and 兵 the 1x1s; on other layouts 将 and 兵. A game keeps
// each piece's name as it moves (`moveName`).

import { classOf } from './code.js';

const GENERALS = ['张飞', '赵云', '马超', '黄忠'];

/** Each piece's name, by its top-left cell: a Map from `b1` to 曹操. */
export function pieceNames(pieces) {
  const classic = classOf(pieces) === '5-4-1';
  let general = 0;
  const inReadingOrder = [...pieces].sort((a, b) => a.y - b.y || a.x - b.x);
  return new Map(inReadingOrder.map((p) => [p.id, p.kind === '2x2' ? '曹操' : p.kind === '1x1' ? '兵'
    : !classic ? '将' : p.kind === '2x1' ? '关羽' : GENERALS[general++]]));
}

/** `names` after the piece at `from` moved to `to`. */
export function moveName(names, from, to) {
  const moved = new Map(names);
  moved.delete(from);
  moved.set(to, names.get(from));
  return moved;
}
