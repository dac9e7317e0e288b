// 应用外壳文本。与 en/shell.ts 保持同步（类型为 typeof enShell）。
import type { enShell } from "../../en/app/shell";

export const zhShell: typeof enShell = {
  app: {
    skipToContent: "跳到主要内容",
    tagline: "在线剪贴板与文件分享",
    loading: "加载中…",
    loadError: {
      title: "页面加载失败",
      description: "请检查网络连接后重试。",
      retry: "重试",
    },
  },
  nav: {
    label: "主导航",
    homeLink: "Pastebox 首页",
    home: "首页",
    upload: "上传",
    mountExplorer: "挂载浏览",
    clipboard: "实时剪贴板",
    admin: "管理",
    openMenu: "打开主菜单",
    closeMenu: "关闭主菜单",
  },
  theme: {
    modes: {
      auto: "自动（跟随系统）",
      light: "浅色",
      dark: "深色",
    },
    switchLabel: "主题：{{current}}。切换为{{next}}",
  },
  language: {
    switchLabel: "语言：{{current}}。选择语言",
    names: {
      en: "English",
      zh: "中文",
    },
  },
  source: {
    label: "GitHub 上的源代码（在新标签页中打开）",
  },
  footer: {
    copyright: "© {{year}} {{product}}",
    version: "版本 {{version}}",
  },
  titles: {
    format: "{{page}} - {{product}}",
    home: "在线剪贴板",
    upload: "文件上传",
    admin: "管理面板",
    paste: "文本分享",
    file: "文件分享",
    share: "文件夹分享",
    uploadRequest: "发送文件",
    mountExplorer: "挂载浏览",
    clipboard: "实时剪贴板",
    notFound: "页面未找到",
    adminLogin: "登录",
  },
  screens: {
    home: {
      title: "在线剪贴板",
      description: "编写文本或 Markdown，通过链接分享，可设置密码和有效期。",
    },
    upload: {
      title: "文件上传",
      description: "从设备或 URL 上传文件，并通过链接分享。",
    },
    paste: {
      title: "文本分享",
      description: "他人与你分享的文本。",
    },
    file: {
      title: "文件分享",
      description: "预览或下载他人与你分享的文件。",
    },
    mountExplorer: {
      title: "挂载浏览",
      description: "浏览、搜索和管理已挂载存储中的文件。",
    },
    notFound: {
      code: "404",
      title: "页面未找到",
      description: "你访问的页面不存在或已被移动。",
      backHome: "返回首页",
      redirected: "该页面不存在，已为你打开首页",
    },
    admin: {
      title: "管理面板",
      navLabel: "管理模块",
      moduleSelect: "模块",
    },
  },
  storage: {
    // 服务器首次启动时创建的存储（未改名时）。
    systemDefault: "本地存储",
  },
  adminModules: {
    dashboard: {
      name: "仪表盘",
      description: "文本、文件、存储用量和近期活动概览。",
    },
    "text-management": {
      name: "文本管理",
      description: "查看、编辑和删除分享的文本。",
    },
    "file-management": {
      name: "文件管理",
      description: "查看、编辑和删除分享的文件。",
    },
    "storage-config": {
      name: "存储配置",
      description: "连接 S3 兼容存储并设置默认存储。",
    },
    "mount-management": {
      name: "挂载管理",
      description: "将存储映射到挂载浏览和 WebDAV 中的路径。",
    },
    "key-management": {
      name: "密钥管理",
      description: "为脚本和用户创建具有文本、文件和挂载权限的密钥。",
    },
    settings: {
      name: "系统设置",
      description: "上传限制、WebDAV 上传模式、实时剪贴板限制和管理员账户。",
    },
    security: {
      name: "安全",
      description: "两步验证、恢复码、通行密钥、单点登录、应用密码，以及已登录管理员账户的会话。",
    },
    backups: {
      name: "备份",
      description: "备份整个实例，下载或删除备份文件，并从 CloudPaste 导入。",
    },
    "dav-locks": {
      name: "WebDAV 锁",
      description: "WebDAV 客户端锁定的文件和文件夹、持有者与到期时间；可解除其中任何一个。",
    },
    "upload-requests": {
      name: "上传请求",
      description: "任何人都能通过它向你发送文件的链接、每个链接收到的文件及其分享。",
    },
    "shared-links": {
      name: "文件与文件夹链接",
      description: "原位分享的文件与文件夹链接：按类型筛选，延长或撤销。",
    },
    "audit-log": {
      name: "审计日志",
      description: "最近 90 天的安全事件：登录、验证方式、密钥与会话的变更，以及应用密码的使用。",
    },
    tasks: {
      name: "任务",
      description: "服务器执行的复制、移动和删除：查看文件、取消，以及重试失败的部分。",
    },
    jobs: {
      name: "定时任务",
      description: "服务器按计划执行的工作：上次与下次运行、结果和日志，以及立即运行。",
    },
  },
};
