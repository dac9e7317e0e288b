// 账户与访问相关文本。与 en/accounts.ts 保持同步（类型为 typeof enAccounts）。
import type { enAccounts } from "../en/accounts";

export const zhAccounts: typeof enAccounts = {
  common: {
    close: "关闭",
    cancel: "取消",
    retry: "重试",
    done: "完成",
    optional: "可选",
    unknownError: "出了点问题，请重试。",
    networkError: "无法连接服务器，请检查网络后重试。",
    qr: "分享链接的二维码",
    qrLoading: "正在生成二维码……",
    qrFailed: "无法生成二维码。",
  },
  forms: {
    showPassword: "显示密码",
    hidePassword: "隐藏密码",
    tooLong: "最多 {{max}} 个字符",
    invalidValue: "该值无效",
  },
  toast: {
    regionLabel: "通知",
    dismiss: "关闭通知",
  },
  auth: {
    login: {
      title: "登录管理后台",
      description: "使用管理员账户，或使用分配给你的 API 密钥。",
      modesLabel: "登录方式",
      modes: {
        admin: "管理员账户",
        apiKey: "API 密钥",
      },
      username: "用户名",
      password: "密码",
      apiKey: "API 密钥",
      apiKeyHint: "粘贴完整密钥。密钥会由服务器验证，并保存在此浏览器中直到你退出登录。",
      showKey: "显示密钥",
      hideKey: "隐藏密钥",
      submit: "登录",
      submitting: "正在登录…",
      failed: "登录失败",
    },
    errors: {
      unexpectedAnswer: "登录失败：服务器的响应未说明登录身份",
      apiKeyValidationFailed: "API 密钥验证失败",
      apiKeyRequired: "请输入 API 密钥",
      sessionExpired: "管理员会话已过期，请重新登录。",
      keyInvalid: "API 密钥无效或已过期，请重新登录。",
      unauthorized: "未授权，请登录。",
    },
    notices: {
      welcomeAdmin: "已以 {{name}} 身份登录",
      welcomeKey: "已使用密钥“{{name}}”登录",
      loggedOut: "已退出登录",
      noPermission: "此 API 密钥没有任何权限，无法打开该页面。",
      checking: "正在检查登录状态…",
      checkFailedTitle: "无法检查登录状态",
      checkFailedDescription: "服务器没有响应。你仍处于登录状态，网络恢复后请重试。",
    },
    roles: {
      admin: "管理员",
      apikey: "API 密钥",
    },
    permissions: {
      label: "权限",
      text: "文本",
      file: "文件",
      mount: "挂载",
      readOnly: "只读",
      none: "无权限",
    },
    logout: "退出登录",
  },
  adminArea: {
    modulesButton: "管理菜单：{{module}}",
    account: "当前登录",
    basePath: "基础路径",
    noModules: {
      title: "这里没有可管理的内容",
      description: "你的密钥无法打开任何管理模块。你可以使用：",
    },
    moduleUnavailable: {
      title: "此密钥无法使用该模块",
      description: "“{{module}}”需要管理员账户。使用你的密钥可以：",
    },
    destinations: {
      mountExplorer: "挂载浏览：浏览 {{path}}",
      home: "在线剪贴板：分享文本",
      upload: "上传：分享文件",
    },
    mountReadOnly: {
      title: "只读视图",
      description: "API 密钥可以查看挂载点，但不能创建、修改或删除挂载点。",
    },
  },
  mountAccess: {
    loginTitle: "登录后浏览挂载",
    loginDescription: "挂载浏览需要管理员账户或具有挂载权限的 API 密钥。",
    loginAction: "登录",
    noPermissionTitle: "你的密钥无法浏览挂载",
    noPermissionDescription: "密钥“{{name}}”没有挂载权限。请向管理员申请具有该权限的密钥。",
    basePath: "你的密钥仅限访问 {{path}}",
    readOnly: "只读",
  },
};
