import type { enUrlErrors } from "../../en/shares/url-errors";

export const zhUrlErrors: typeof enUrlErrors = {
  urlCredentialsNotAllowed: "不接受包含用户名或密码的链接",
  urlNotAllowed: "该链接指向私有、回环、链路本地或元数据地址，无法获取",
  urlHostNotFound: "找不到主机 {{host}}",
  urlUnreachable: "无法连接到 {{host}}",
  urlTooManyRedirects: "链接重定向次数过多（超过 {{max}} 次）",
  urlFetchFailed: "获取链接内容失败（HTTP 状态 {{status}}）",
  urlFetchTimeout: "链接在 {{seconds}} 秒内没有响应",
  urlFetchCancelled: "下载已取消",
};
