import { generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";

/**
 * Our side's SAML signing certificate: self-signed, as SAML metadata expects (the IdP trusts the
 * certificate published in our metadata, not a chain). The key is made by node:crypto, which is
 * quicker than forge's own, and forge writes the certificate.
 */
export function makeSpCertificate(commonName: string, now: Date): { certificate: string; privateKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial: the first byte's high bit clear.
  cert.serialNumber = `0${randomBytes(15).toString("hex")}`;
  cert.validity.notBefore = now;
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  const subject = [{ name: "commonName", value: commonName.slice(0, 64) }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { certificate: forge.pki.certificateToPem(cert), privateKey };
}
