/**
 * The Redis Cluster slot of a key (CRC16/XMODEM of its hash tag, or of the whole key when it
 * has none, mod 16384), as the cluster specification defines it: keys one command, script or
 * transaction touches must share it. ioredis exports no such helper; tests check key layouts
 * against this.
 */
export function clusterSlotOf(key: string): number {
  const bytes = Buffer.from(hashTagOf(key));
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc % 16384;
}

/** What is hashed: the text between the first `{` and the next `}` when not empty, else the whole key. */
function hashTagOf(key: string): string {
  const open = key.indexOf('{');
  if (open === -1) return key;
  const close = key.indexOf('}', open + 1);
  return close === -1 || close === open + 1 ? key : key.slice(open + 1, close);
}
