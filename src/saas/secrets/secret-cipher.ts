// Values kept secret at rest (provider keys, plugin secrets) are sealed with AES-256-GCM under a
// key derived from GRIDBOOK_SECRET_KEY: a fresh random 96-bit IV per value, the 128-bit tag
// appended, and additional data naming the row the value belongs to, so a sealed value copied
// into another user's row does not open. Each sealed value records the id of the key that
// sealed it; opening looks the key up by that id, so a later rotation can list old keys beside
// the new one. Messages never include a value.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A value as stored: which key sealed it, the IV, and ciphertext with its tag (base64). */
export interface SealedValue {
  readonly keyId: string;
  readonly iv: string;
  readonly ciphertext: string;
}

/** A stored value cannot be opened: wrong or missing key, or a damaged row. */
export class SecretUnreadableError extends Error {
  override readonly name = 'SecretUnreadableError';
}

interface SealingKey {
  readonly id: string;
  readonly key: Buffer;
}

function sealingKey(secretKey: Buffer): SealingKey {
  if (secretKey.length !== 32)
    throw new Error('GRIDBOOK_SECRET_KEY must be 32 bytes to seal stored secrets');
  const key = Buffer.from(
    hkdfSync('sha256', secretKey, Buffer.alloc(0), 'gridbook stored secrets v1', 32),
  );
  // The id names the key without revealing it: a hash of the derived key, not the key itself.
  const id = `v1:${createHash('sha256').update('gridbook key id').update(key).digest('hex').slice(0, 16)}`;
  return { id, key };
}

export class SecretCipher {
  readonly #current: SealingKey;
  readonly #byId: ReadonlyMap<string, SealingKey>;

  /** `secretKey` seals; `previousKeys` (after a rotation) only open what they sealed. */
  constructor(secretKey: Buffer, previousKeys: readonly Buffer[] = []) {
    this.#current = sealingKey(secretKey);
    const all = [this.#current, ...previousKeys.map(sealingKey)];
    this.#byId = new Map(all.map((entry) => [entry.id, entry]));
  }

  /** The id new values are sealed under. */
  get keyId(): string {
    return this.#current.id;
  }

  /** Seals `plaintext`; `context` names its row (the same context must be given to open it). */
  seal(plaintext: string, context: string): SealedValue {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.#current.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return {
      keyId: this.#current.id,
      iv: iv.toString('base64'),
      ciphertext: Buffer.concat([body, cipher.getAuthTag()]).toString('base64'),
    };
  }

  open(sealed: SealedValue, context: string): string {
    const entry = this.#byId.get(sealed.keyId);
    if (entry === undefined)
      throw new SecretUnreadableError(
        `A stored secret (${context}) was sealed under key ${sealed.keyId}, but GRIDBOOK_SECRET_KEY is key ${this.#current.id}: start with the key it was stored under, or save the secret again.`,
      );
    const iv = Buffer.from(sealed.iv, 'base64');
    const data = Buffer.from(sealed.ciphertext, 'base64');
    if (iv.length !== IV_BYTES || data.length < TAG_BYTES)
      throw new SecretUnreadableError(`A stored secret (${context}) is damaged; save it again.`);
    try {
      const decipher = createDecipheriv(ALGORITHM, entry.key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(data.subarray(0, data.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretUnreadableError(
        `A stored secret (${context}) does not open under key ${sealed.keyId}: it is damaged or belongs to another row; save it again.`,
      );
    }
  }
}
