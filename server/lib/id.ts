import { randomBytes } from "node:crypto";

// 24-character lowercase hex ids, time-ordered (spec admin §1; architecture "Identifiers"):
// 4 bytes of seconds since the epoch, 5 random bytes fixed per process, a 3-byte counter.
const processRandom = randomBytes(5).toString("hex");
// The counter starts in the lower half so that ids of one process stay ordered within a second.
let counter = randomBytes(3).readUIntBE(0, 3) & 0x7fffff;

export function newId(now: number = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, "0");
  return seconds + processRandom + counter.toString(16).padStart(6, "0");
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;

export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}
