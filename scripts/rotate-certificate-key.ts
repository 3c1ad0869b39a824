// npm run certificates:rotate-key: a new key signs the certificates issued from now on (issue 32; decision
// 077). The earlier keys stay in DATA_DIR/keys/certificate-issuer.json and in the published did.json, so
// every certificate issued before still verifies. Restart the site's processes afterwards: each reads the
// key ring when it starts. With CERTIFICATE_SIGNING_KEY set, the key is the environment's: change it there.
import { rotateIssuerKey } from "../server/features/certificates/credential/index.ts";
import { ConfigError, parseEnv } from "../server/env.ts";

async function main() {
  const env = parseEnv();
  if (env.CERTIFICATE_SIGNING_KEY) {
    throw new ConfigError(
      "CERTIFICATE_SIGNING_KEY is set: the signing key comes from the environment. Put the new key there (keep the old one's file for earlier certificates).",
    );
  }
  const key = await rotateIssuerKey({ dataDir: env.DATA_DIR });
  console.log(
    `New certificate signing key ${key.publicKeyMultibase} (created ${key.createdAt}). ` +
      "Earlier keys stay published, so earlier certificates still verify. Restart the site to sign with it.",
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
