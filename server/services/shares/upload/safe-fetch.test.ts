// The SSRF guard's address classifier and URL parsing over a corpus of address forms: every spelling
// of a private address must be caught, and ordinary public addresses must pass. No network needed.
import { describe, expect, test } from "bun:test";
import { AppError } from "../../../errors";
import { isPublicAddress, parseTargetUrl, safeFetch } from "./safe-fetch";

const NON_PUBLIC_IPV4 = [
  "0.0.0.0",
  "0.255.255.255",
  "10.0.0.0",
  "10.1.2.3",
  "10.255.255.255",
  "100.64.0.0",
  "100.100.100.200", // Alibaba Cloud metadata
  "100.127.255.255",
  "127.0.0.1",
  "127.1.2.3",
  "127.255.255.254",
  "169.254.0.1",
  "169.254.169.254", // cloud metadata
  "169.254.255.255",
  "172.16.0.1",
  "172.20.10.5",
  "172.31.255.255",
  "192.0.0.1",
  "192.0.0.170",
  "192.0.2.1",
  "192.88.99.1",
  "192.168.0.1",
  "192.168.255.255",
  "198.18.0.1",
  "198.19.255.255",
  "198.51.100.7",
  "203.0.113.9",
  "224.0.0.1",
  "239.255.255.250",
  "240.0.0.1",
  "255.255.255.254",
  "255.255.255.255",
];

const PUBLIC_IPV4 = [
  "1.1.1.1",
  "8.8.8.8",
  "9.255.255.255",
  "11.0.0.0",
  "93.184.216.34",
  "100.63.255.255",
  "100.128.0.0",
  "126.255.255.255",
  "128.0.0.1",
  "169.253.255.255",
  "169.255.0.0",
  "172.15.255.255",
  "172.32.0.0",
  "191.255.255.255",
  "192.0.1.1",
  "192.0.3.0",
  "192.167.255.255",
  "192.169.0.0",
  "198.17.255.255",
  "198.20.0.0",
  "198.51.99.255",
  "203.0.112.255",
  "223.255.255.255",
];

const NON_PUBLIC_IPV6 = [
  "::",
  "::1",
  "0:0:0:0:0:0:0:1",
  "[::1]",
  "::ffff:127.0.0.1", // IPv4-mapped loopback, dotted tail
  "::ffff:7f00:1", // the same in hex
  "0:0:0:0:0:ffff:7f00:1",
  "::ffff:10.0.0.1",
  "::ffff:a9fe:a9fe", // mapped 169.254.169.254
  "::ffff:0:0", // mapped 0.0.0.0
  "::ffff:192.168.1.1",
  "64:ff9b::7f00:1", // NAT64 of 127.0.0.1
  "64:ff9b::10.0.0.1",
  "64:ff9b::a9fe:a9fe",
  "64:ff9b:1::1", // local-use NAT64
  "::127.0.0.1", // deprecated IPv4-compatible
  "::8.8.8.8", // IPv4-compatible is not routed at all
  "100::1", // discard-only
  "fc00::1",
  "fd00::1",
  "fd00:ec2::254", // AWS metadata over IPv6
  "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
  "fe80::1",
  "fe80::1%eth0",
  "febf:ffff::1",
  "fec0::1", // deprecated site-local
  "ff00::1",
  "ff02::1",
  "ff05::1:3",
  "2001:db8::1",
  "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
  "2001::1", // Teredo
  "2001:2::1", // benchmarking
  "2001:10::1", // ORCHID
  "2002:7f00:1::1", // 6to4 around 127.0.0.1
  "2002:c0a8:101::1", // 6to4 around 192.168.1.1
  "2002:a9fe:a9fe::", // 6to4 around 169.254.169.254
  "3fff::1", // documentation (RFC 9637)
  "5f00::1", // SRv6 SIDs
];

const PUBLIC_IPV6 = [
  "2606:4700:4700::1111",
  "2001:4860:4860::8888",
  "[2001:4860:4860::8888]",
  "2a00:1450:4001:81b::200e",
  "2001:200::1", // just past 2001::/23
  "2001:dc8::1", // not documentation
  "::ffff:8.8.8.8", // mapped public
  "::ffff:808:808",
  "64:ff9b::8.8.8.8", // NAT64 of a public address
  "64:ff9b::101:101",
  "2002:808:808::1", // 6to4 around 8.8.8.8
  "3fff:f000::1", // just past 3fff::/20
];

describe("isPublicAddress", () => {
  test.each(NON_PUBLIC_IPV4)("refuses IPv4 %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  test.each(PUBLIC_IPV4)("accepts IPv4 %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  test.each(NON_PUBLIC_IPV6)("refuses IPv6 %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  test.each(PUBLIC_IPV6)("accepts IPv6 %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  test.each([
    "",
    "localhost",
    "example.com",
    "1.2.3",
    "1.2.3.4.5",
    "256.1.1.1",
    "01.2.3.4",
    "0x7f.0.0.1",
    "1::2::3",
    ":::",
    "12345::",
    "1:2:3:4:5:6:7:8:9",
  ])("something that is not an address (%p) is never public", (text) => {
    expect(isPublicAddress(text)).toBe(false);
  });
});

describe("address forms", () => {
  test("IPv4 is strict dotted decimal: other numeric spellings are not addresses here", () => {
    expect(isPublicAddress("8.8.8.8")).toBe(true);
    for (const text of ["0177.0.0.1", "2130706433", "0x7f.0.0.1", "127.1"]) expect(isPublicAddress(text)).toBe(false);
  });
  test("IPv6 with an IPv4 tail, brackets or a zone is judged by the address it names", () => {
    expect(isPublicAddress("::ffff:127.0.0.1")).toBe(false);
    expect(isPublicAddress("[::ffff:7f00:1]")).toBe(false);
    expect(isPublicAddress("[fe80::1%25en0]")).toBe(false);
    expect(isPublicAddress("2606:4700:4700::1111%eth0")).toBe(true);
    expect(isPublicAddress("1:2:3:4:5:6:7:8::")).toBe(false);
    expect(isPublicAddress("1.2.3.4::")).toBe(false);
  });
});

/** The IP literal a URL would connect to, after the WHATWG parser's canonicalisation. */
function literalOf(url: string): string | undefined {
  return parseTargetUrl(url).literal?.address;
}

describe("parseTargetUrl canonicalises every IPv4 spelling", () => {
  test.each([
    ["http://2130706433/", "127.0.0.1"], // decimal
    ["http://0177.0.0.1/", "127.0.0.1"], // octal
    ["http://017700000001/", "127.0.0.1"], // octal, one number
    ["http://0x7f.1/", "127.0.0.1"], // hex, short
    ["http://0x7f000001/", "127.0.0.1"], // hex, one number
    ["http://0x7F.0x0.0x0.0x1/", "127.0.0.1"],
    ["http://127.1/", "127.0.0.1"], // short
    ["http://127.0.1/", "127.0.0.1"],
    ["http://127.0.0.1./", "127.0.0.1"], // trailing dot
    ["http://%31%32%37.0.0.1/", "127.0.0.1"], // percent-encoded
    ["http://0/", "0.0.0.0"],
    ["http://3232235777/", "192.168.1.1"],
    ["http://0xa9fea9fe/", "169.254.169.254"],
    ["http://169.254.43518/", "169.254.169.254"],
    ["http://0251.0376.0251.0376/", "169.254.169.254"],
    ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1"],
    ["http://[0:0:0:0:0:0:0:1]/", "::1"],
    ["https://[::ffff:a9fe:a9fe]:8443/x", "::ffff:a9fe:a9fe"],
  ])("%s connects to %s, which is not public", (url, address) => {
    expect(literalOf(url)).toBe(address);
    expect(isPublicAddress(address)).toBe(false);
  });

  test("public literals and names", () => {
    expect(literalOf("http://8.8.8.8/")).toBe("8.8.8.8");
    expect(literalOf("http://134744072/")).toBe("8.8.8.8");
    expect(parseTargetUrl("https://Example.COM./file.bin").host).toBe("example.com");
    expect(parseTargetUrl("https://例え.jp/").host).toBe("xn--r8jz45g.jp");
    expect(parseTargetUrl("https://example.com/a#frag").url.href).toBe("https://example.com/a");
  });
});

function appErrorKey(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.messageKey : String(error);
  }
  return undefined;
}

describe("parseTargetUrl refuses what is not a plain http(s) URL", () => {
  test.each([
    "ftp://example.com/file",
    "file:///etc/passwd",
    "gopher://127.0.0.1:6379/_INFO",
    "javascript:alert(1)",
    "data:text/plain,hi",
    "http://",
    "not a url",
    "//example.com/x",
    "http://1.2.3.4.5/",
    "http://[fe80::1%25eth0]/",
    `https://example.com/${"a".repeat(9000)}`,
  ])("%s is invalid", (url) => {
    expect(appErrorKey(() => parseTargetUrl(url))).toBe("errors.urlInvalid");
  });

  test("credentials in the URL are refused", () => {
    expect(appErrorKey(() => parseTargetUrl("http://user:secret@example.com/"))).toBe(
      "errors.urlCredentialsNotAllowed",
    );
    expect(appErrorKey(() => parseTargetUrl("https://user@example.com/"))).toBe("errors.urlCredentialsNotAllowed");
  });
});

describe("safeFetch refuses before connecting", () => {
  async function refusal(url: string): Promise<string | undefined> {
    try {
      await safeFetch(url, { allowPrivate: false, timeoutMs: 2000 });
    } catch (error) {
      return error instanceof AppError ? error.messageKey : String(error);
    }
    return undefined;
  }

  test.each([
    "http://127.0.0.1:1/",
    "http://2130706433:1/",
    "http://0177.0.0.1:1/",
    "http://0x7f.1:1/",
    "http://127.1:1/",
    "http://[::1]:1/",
    "http://[::ffff:127.0.0.1]:1/",
    "http://[64:ff9b::7f00:1]:1/",
    "http://10.0.0.1:1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/",
    "http://localhost:1/",
    "http://LOCALHOST.:1/",
    "http://api.localhost:1/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://metadata/",
  ])("%s", async (url) => {
    expect(await refusal(url)).toBe("errors.urlNotAllowed");
  });
});
