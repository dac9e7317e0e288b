// 文件类型的名称（client/src/lib/shares/file-kind.ts），文件链接页面与上传页面的 URL 检查使用。单独成一小部分
// （shared/i18n/text-parts.ts），两个页面都不必下载对方的文本。与 en/file-kinds.ts 保持同步。
import type { enFileKinds } from "../../en/shares/file-kinds";

export const zhFileKinds: typeof enFileKinds = {
  files: {
    kinds: {
      image: "图片",
      video: "视频",
      audio: "音频",
      pdf: "PDF 文档",
      markdown: "Markdown",
      code: "代码",
      text: "文本",
      document: "文档",
      spreadsheet: "表格",
      presentation: "演示文稿",
      archive: "压缩包",
      other: "文件",
    },
  },
};
