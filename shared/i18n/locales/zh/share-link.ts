// 分享文件夹或文件链接页面（/s/<slug>，docs/path-shares.md）的文本：列表与路径导航、下载、zip 和密码提示。
// 单独成一部分（shared/i18n/text-parts.ts）。与 en/share-link.ts 保持同步。
import type { enShareLink } from "../en/share-link";

export const zhShareLink: typeof enShareLink = {
  shareLink: {
    loading: "正在打开分享……",
    folder: "分享的文件夹",
    file: "分享的文件",
    breadcrumbs: "分享中的文件夹",
    empty: "此文件夹为空。",
    name: "名称",
    size: "大小",
    download: "下载",
    downloadNamed: "下载 {{name}}",
    preview: "预览",
    previewNamed: "预览 {{name}}",
    open: "打开 {{name}}",
    downloadAll: "全部下载（zip）",
    zipping: "正在下载 zip：{{done}} / {{total}}",
    zipDone: "zip 已下载。",
    zipFailed: "zip 下载中断：{{message}}",
    truncated: "此文件夹的条目多于一页能显示的数量；“全部下载”仍包含所有文件。",
    passwordTitle: "此分享受密码保护",
    passwordLabel: "密码",
    passwordSubmit: "打开",
    expires: "{{date}} 过期",
    views: "访问次数：{{views}} / {{max}}",
    closePreview: "关闭预览",
  },
};
