import { generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";

/**
 * Our side's SAML signing certificate: self-signed, as SAML metadata expects (the IdP trusts the
 * certificate published in our metadata, not a chain). The key is made by node:crypto, which is
 * quicker than forge's own, and forge writes the certificate.
 */
export function makeSpCertificate(
  commonName: string,
  now: Date,
  random: Buffer = randomBytes(16),
): { certificate: string; privateKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = serialOf(random);
  cert.validity.notBefore = now;
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  const subject = [{ name: "commonName", value: commonName.slice(0, 64) }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { certificate: forge.pki.certificateToPem(cert), privateKey };
}

/**
 * A certificate's serial as forge takes it (hex, written as it is into the DER): 16 random bytes whose
 * first is between 0x40 and 0x7f, so the INTEGER is positive and minimal. A first byte of 0 made a
 * padded INTEGER that OpenSSL refuses to read (one certificate in a couple of hundred).
 */
function serialOf(random: Buffer): string {
  const bytes = Buffer.from(random.subarray(0, 16));
  bytes[0] = 0x40 | (bytes[0]! & 0x3f);
  return bytes.toString("hex");
}
