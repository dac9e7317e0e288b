// 聊天应用为分享链接显示的卡片文本（与 en/link-preview.ts 对应）。
import type { enLinkPreview } from "../../en/shares/link-preview";

export const zhLinkPreview: typeof enLinkPreview = {
  linkPreview: {
    protected: "受保护的分享",
    protectedDescription: "此分享受保护，请打开链接查看。",
    unavailable: "分享不可用",
    unavailableDescription: "此链接已过期或不存在。",
    file: "文件 · {{size}}",
    folder: "分享的文件夹",
    sharedFile: "分享的文件",
    paste: "分享的文本 · {{count}} 个字符",
    set_one: "{{count}} 个分享的文件",
    set_other: "{{count}} 个分享的文件",
    setDescription: "文件 · 共 {{size}}",
  },
};
