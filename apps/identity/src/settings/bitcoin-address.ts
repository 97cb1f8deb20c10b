import { createHash } from 'node:crypto';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

function base58Decode(text: string): Buffer | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Buffer.from(bytes);
}

/** Legacy (P2PKH, 1…) and script (P2SH, 3…) mainnet addresses: Base58Check with a valid checksum. */
function isBase58Address(address: string): boolean {
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return false;
  const raw = base58Decode(address);
  if (!raw || raw.length !== 25 || (raw[0] !== 0x00 && raw[0] !== 0x05)) return false;
  const checksum = sha256(sha256(raw.subarray(0, 21))).subarray(0, 4);
  return checksum.equals(raw.subarray(21));
}

function polymod(values: number[]): number {
  const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) chk ^= generator[i];
  }
  return chk >>> 0;
}

/** SegWit mainnet addresses (bc1…): bech32 for version 0, bech32m for later versions (BIP 173/350). */
function isSegwitAddress(input: string): boolean {
  if (input !== input.toLowerCase() && input !== input.toUpperCase()) return false;
  const address = input.toLowerCase();
  if (!/^bc1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{8,87}$/.test(address) || address.length > 90) return false;
  const data = [...address.slice(3)].map((char) => BECH32.indexOf(char));
  const hrp = [...'bc'].map((char) => char.charCodeAt(0));
  const expanded = [...hrp.map((code) => code >> 5), 0, ...hrp.map((code) => code & 31)];
  const version = data[0];
  const check = polymod([...expanded, ...data]);
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false;
  if (version > 16) return false;
  // Program length from 5-bit groups (without the version and the 6-character checksum).
  const bits = (data.length - 7) * 5;
  const programBytes = Math.floor(bits / 8);
  if (bits % 8 > 4 || programBytes < 2 || programBytes > 40) return false;
  return version !== 0 || programBytes === 20 || programBytes === 32;
}

/** Whether the text is a well-formed Bitcoin mainnet address (checksums verified). */
export function isBitcoinAddress(address: string): boolean {
  return isBase58Address(address) || isSegwitAddress(address);
}
