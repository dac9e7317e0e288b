// A WebAuthn authenticator in software, for server tests that cannot drive a browser: ES256 key pairs
// from node:crypto (or a browser's Ed25519 key, to sign as a phishing page would), registration answers with "none" attestation and signed sign-in answers, for any
// RP id and origin (so a test can also play a phishing site relaying an answer). CBOR comes from
// @simplewebauthn/server's own helper; the answers have the shape @simplewebauthn/browser returns.
import { createHash, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash("sha256").update(data).digest());

export type SoftCredential = {
  id: Uint8Array;
  privateKey: KeyObject;
  cosePublicKey: Uint8Array;
  rpId: string;
  userHandle: string;
  counter: number;
};

type Site = { rpId: string; origin: string };

function authenticatorData(rpId: string, flags: number, counter: number, attested?: SoftCredential) {
  const counterBytes = new Uint8Array(4);
  new DataView(counterBytes.buffer).setUint32(0, counter);
  const parts: Uint8Array[] = [sha256(rpId), new Uint8Array([flags]), counterBytes];
  if (attested) {
    const length = new Uint8Array(2);
    new DataView(length.buffer).setUint16(0, attested.id.length);
    parts.push(new Uint8Array(16), length, attested.id, attested.cosePublicKey);
  }
  return new Uint8Array(Buffer.concat(parts));
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) {
  return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** Answers navigator.credentials.create's options (as the server sent them) as `site`. */
export function createCredential(
  options: { challenge: string; user: { id: string } },
  site: Site,
): { credential: SoftCredential; response: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? "", "base64url"))],
    ]),
  );
  const credential: SoftCredential = {
    id: crypto.getRandomValues(new Uint8Array(32)),
    privateKey,
    cosePublicKey,
    rpId: site.rpId,
    userHandle: options.user.id,
    counter: 0,
  };
  const authData = authenticatorData(site.rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED, 0, credential);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]) as never,
  );
  return {
    credential,
    response: {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData("webauthn.create", options.challenge, site.origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    },
  };
}

/**
 * Signs a sign-in answer to `challenge` with the credential, as `site` (its own RP id and origin by
 * default). Each answer moves the counter on, as a hardware authenticator's does.
 */
export function signInAnswer(
  credential: SoftCredential,
  challenge: string,
  site: Site,
  options: { userVerified?: boolean } = {},
): Record<string, unknown> {
  credential.counter += 1;
  const flags = FLAG_USER_PRESENT | (options.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  const authData = authenticatorData(site.rpId, flags, credential.counter);
  const clientDataJSON = clientData("webauthn.get", challenge, site.origin);
  // ECDSA and RSA sign the message's SHA-256 (ECDSA's signature in DER), as WebAuthn has it; Ed25519
  // and ML-DSA (which Chromium 156.0.8078.108 picks first from the server's list) sign the message itself.
  const type = credential.privateKey.asymmetricKeyType;
  const digest = type === "ec" || type === "rsa" ? "sha256" : null;
  const signature = sign(digest, Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: "public-key",
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    },
  };
}
