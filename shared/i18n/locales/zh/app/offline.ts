// 离线应用相关文本：离线备用页面、网络与同步提示、离线队列、安装与更新提示。
// 与 en/offline.ts 保持同步（类型为 typeof enOffline）。中文没有单复数之分，_one 与 _other 相同。
import type { enOffline } from "../../en/app/offline";

export const zhOffline: typeof enOffline = {
  offline: {
    status: {
      offline: "您已离线",
      offlineDescription: "已打开过的页面仍可阅读。所做的更改会先保存，恢复联网后自动发送。",
      online: "已恢复联网",
    },
    fallback: {
      pageTitle: "离线",
      title: "页面暂时无法访问",
      description: "您当前处于离线状态，且此页面尚未保存到本设备供离线使用。",
      checkNetwork: "此页面加载失败。请检查网络连接后重试。",
      address: "页面：{{path}}",
      home: "返回首页",
      back: "返回上一页",
      retry: "重试",
    },
    lazy: {
      notice: "您已离线，此部分内容无法加载。请检查网络连接。",
    },
    badge: {
      label: "离线副本",
      savedAt: "于 {{time}} 保存在本设备，之后可能已有变化。",
    },
    queue: {
      savedTitle: "已离线保存",
      savedDescription_one: "恢复联网后将自动发送（{{count}} 项更改待同步）。",
      savedDescription_other: "恢复联网后将自动发送（{{count}} 项更改待同步）。",
      screenMessage: "您已离线：此更改已保存在本设备，恢复联网后将自动发送。",
    },
    sync: {
      syncing_one: "正在发送离线时所做的 {{count}} 项更改…",
      syncing_other: "正在发送离线时所做的 {{count}} 项更改…",
      done_one: "离线时所做的 {{count}} 项更改已发送",
      done_other: "离线时所做的 {{count}} 项更改已发送",
      pasteCreated: "新的文本分享已上线：{{url}}",
      copyLink: "复制链接",
      openPaste: "打开分享",
      failed: "同步失败：{{action}}",
      otherSession: "这项更改是以其他身份登录时所做的。请以该身份登录后再发送。",
      waiting_one: "仍有 {{count}} 项更改待发送",
      waiting_other: "仍有 {{count}} 项更改待发送",
      unreachable: "无法连接服务器。下次联网时会再次发送。",
    },
    types: {
      "paste.create": "创建文本分享",
      "paste.update": "编辑文本分享",
      "paste.delete": "删除文本分享",
      "paste.clearExpired": "清理过期文本",
      "file.update": "编辑文件",
      "file.delete": "删除文件",
      "key.update": "编辑 API 密钥",
      "key.delete": "删除 API 密钥",
      "mount.update": "编辑挂载点",
      "mount.delete": "删除挂载点",
      "storage.delete": "删除存储配置",
      "storage.setDefault": "更改默认存储",
      "settings.update": "更改设置",
      "fs.mkdir": "新建文件夹",
      "fs.rename": "重命名",
      "fs.delete": "删除文件或文件夹",
    },
    install: {
      title: "安装 Pastebox",
      description: "将应用添加到本设备：它会在独立窗口中打开，离线时也能使用。",
      install: "安装",
      later: "暂不",
    },
    update: {
      title: "有新版本可用",
      description: "重新加载即可使用。请先完成正在输入的内容：页面将重新加载。",
      reload: "重新加载",
      later: "稍后",
    },
  },
};
