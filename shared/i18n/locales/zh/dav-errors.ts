import type { enDavErrors } from "../en/dav-errors";

export const zhDavErrors: typeof enDavErrors = {
  davBodyTooLarge: "XML 请求体过大",
  davInvalidXml: "XML 请求体不是有效的 WebDAV 请求",
  davInvalidIfHeader: "If 请求头格式错误",
  davPreconditionFailed: "请求的前提条件不成立",
  davDestinationInvalid: "Destination 请求头缺失或不是有效的 URL",
  davDestinationForeign: "目标必须位于本服务器的 /dav 之下",
  davDestinationExists: "目标已存在，且 Overwrite 为 F",
  davDestinationHoldsSource: "目标包含源",
  davSameDestination: "源与目标相同",
  davOverwriteInvalid: "Overwrite 请求头必须为 T 或 F",
  davDepthInvalid: "此请求不允许该 Depth",
  davParentMissing: "父文件夹不存在",
  davContentRange: "不支持带 Content-Range 的部分 PUT，请发送完整文件",
  davPutOnCollection: "这是一个文件夹，不能用文件覆盖它",
  davMkcolBody: "不支持带请求体的 MKCOL",
  davLockTokenMissing: "请求未提供锁令牌",
  davLockNotYours: "此锁由其他人持有",
  davMountPermissionRequired: "此 API 密钥没有挂载权限",
  davStorageRefused: "存储拒绝了上传（状态 {{status}}）",
  davIndexTitle: "{{path}} 的索引",
};
