import { expect, test } from "bun:test";
import { parseBasicAuth } from "./basic-auth";

const encode = (text: string) => `Basic ${Buffer.from(text, "utf8").toString("base64")}`;

test("Basic credentials: UTF-8, a colon in the password, other schemes ignored", () => {
  expect(parseBasicAuth(encode("admin:pa:ss"))).toEqual({ username: "admin", password: "pa:ss" });
  expect(parseBasicAuth(encode("管理员:密码"))).toEqual({ username: "管理员", password: "密码" });
  expect(parseBasicAuth(encode("no-colon"))).toBeNull();
  expect(parseBasicAuth("Bearer abc")).toBeNull();
  expect(parseBasicAuth(null)).toBeNull();
});
