import { describe, expect, test } from "bun:test";
import { parsePolicy, policyAllows } from "./csp";

const PAGE = "http://127.0.0.1:8787/upload";
// The policy the server sends (server/http/security-headers.ts), abridged.
const APP = parsePolicy(
  "default-src 'self'; script-src 'self' 'sha256-abc'; img-src 'self' data: blob: https: http:; media-src 'self' blob: https: http:; connect-src 'self'; frame-src 'self'; object-src 'none'",
);

describe("the page's CSP", () => {
  test("connect-src 'self' allows the app's own URLs only", () => {
    expect(policyAllows(APP, "connect-src", "/api/storage/local/x?sig=1", PAGE)).toBe(true);
    expect(policyAllows(APP, "connect-src", "http://127.0.0.1:8787/api/upload", PAGE)).toBe(true);
    expect(policyAllows(APP, "connect-src", "http://127.0.0.1:9000/bucket/key", PAGE)).toBe(false);
    expect(policyAllows(APP, "connect-src", "https://bucket.s3.amazonaws.com/key", PAGE)).toBe(false);
  });

  test("frames: the app's own PDF previews, not Office Online", () => {
    expect(policyAllows(APP, "frame-src", "http://127.0.0.1:8787/api/storage/local/c?op=get", PAGE)).toBe(true);
    expect(policyAllows(APP, "frame-src", "https://view.officeapps.live.com/op/embed.aspx", PAGE)).toBe(false);
  });

  test("scheme sources, hosts, wildcards, ports and paths", () => {
    const policy = parsePolicy(
      "connect-src https: *.r2.cloudflarestorage.com http://minio.local:9000 https://cdn.example.com/files/; frame-src *",
    );
    expect(policyAllows(policy, "connect-src", "https://anything.example", PAGE)).toBe(true);
    expect(policyAllows(policy, "connect-src", "http://acct.r2.cloudflarestorage.com/b", PAGE)).toBe(true);
    expect(policyAllows(policy, "connect-src", "http://r2.cloudflarestorage.com/b", PAGE)).toBe(false);
    expect(policyAllows(policy, "connect-src", "http://minio.local:9000/b/k", PAGE)).toBe(true);
    expect(policyAllows(policy, "connect-src", "http://minio.local:9001/b/k", PAGE)).toBe(false);
    expect(policyAllows(policy, "frame-src", "https://view.officeapps.live.com/x", PAGE)).toBe(true);
    expect(policyAllows(policy, "frame-src", "ftp://x.example/y", PAGE)).toBe(false);
  });

  test("a missing directive falls back to default-src; no policy allows everything", () => {
    const policy = parsePolicy("default-src 'none'");
    expect(policyAllows(policy, "connect-src", "/api/health", PAGE)).toBe(false);
    expect(policyAllows(parsePolicy("script-src 'self'"), "connect-src", "https://x.example", PAGE)).toBe(true);
    expect(policyAllows(null, "connect-src", "https://x.example", PAGE)).toBe(true);
    expect(parsePolicy("")).toBeNull();
  });
});
