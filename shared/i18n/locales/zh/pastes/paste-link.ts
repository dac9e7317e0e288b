// 文本分享链接页面的文本：文本本身、密码提示、解密，以及文本已失效时的页面。单独成一部分
// （shared/i18n/text-parts.ts），访问文本链接时不下载首页编辑器的文本。与 en/paste-link.ts 保持同步。
import type { enPasteLink } from "../../en/pastes/paste-link";

export const zhPasteLink: typeof enPasteLink = {
  pastes: {
    view: {
      loading: "正在打开分享的文本……",
      untitled: "分享的文本",
      format: {
        markdown: "Markdown",
        text: "纯文本",
      },
      views_one: "已访问 {{count}} 次",
      views_other: "已访问 {{count}} 次",
      viewsOfMax: "已访问 {{views}} / {{max}} 次",
      lastView: "这是允许的最后一次访问",
      expiresAt: "{{relative}}过期",
      neverExpires: "永不过期",
      createdAt: "分享于 {{date}}",
      protected: "已设密码",
      copyContent: "复制文本",
      contentCopied: "文本已复制",
      copyLink: "复制链接",
      linkCopied: "链接已复制",
      copyFailed: "复制失败。请选中文本后手动复制。",
      openRaw: "查看原文",
      openRawHint: "在新标签页中打开纯文本；这会计为一次访问。",
      rendering: "正在渲染……",
      tooComplex: "此 Markdown 过大或过于复杂，无法格式化显示，以下为原始文本。",
      renderFailed: "无法加载格式化视图，以下为原始文本。",
      contentLabel: "分享的内容",
      encrypted: "端到端加密",
      decrypting: "正在此浏览器中解密…",
    },
    password: {
      title: "此文本受密码保护",
      description: "请输入你获得的密码以打开它。",
      label: "密码",
      submit: "打开",
      submitting: "正在验证……",
      wrong: "密码错误，请检查后重试。",
      rateLimited: "尝试次数过多，请稍候再试。",
      required: "请输入密码",
    },
    encrypted: {
      passwordDescription: "此文本使用密码加密。输入密码即可在浏览器中解密，密码不会被发送。",
      wrongPassword: "密码错误：无法解密此文本。请检查后重试。",
    },
    gone: {
      missingKey: {
        title: "此链接缺少密钥",
        description: "加密文本只能通过完整链接打开，包括 # 之后的部分。请向发送者索取完整链接。",
      },
      wrongKey: {
        title: "无法解密此文本",
        description: "链接中的密钥与此文本不匹配：链接可能被截断或修改。",
      },
      notFound: {
        title: "此文本不存在",
        description: "链接可能有误，或文本已被删除。",
      },
      expired: {
        title: "此文本已过期",
        description: "分享者设置了有效期，现在已经过期。",
      },
      limitReached: {
        title: "已达到访问次数上限",
        description: "此文本只能打开有限次数，现已用完。",
      },
      gone: {
        title: "此文本已不可用",
        description: "它已过期或已达到访问次数上限。",
      },
      failed: {
        title: "无法打开此文本",
      },
      backHome: "返回首页",
      shareOwn: "分享你自己的文本",
    },
  },
};
