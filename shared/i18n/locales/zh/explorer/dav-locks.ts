// 管理后台“WebDAV 锁”模块的中文文本（与 en/dav-locks.ts 对应）。
import type { enDavLocks } from "../../en/explorer/dav-locks";

export const zhDavLocks: typeof enDavLocks = {
  davLocks: {
    listLabel: "当前的 WebDAV 锁",
    loading: "正在加载锁…",
    loadError: "无法加载锁列表",
    refresh: "刷新",
    empty: {
      title: "没有被锁定的文件",
      description:
        "WebDAV 客户端（访达、Windows 资源管理器、办公软件）编辑文件时会锁定它。这些锁显示在这里，每个锁都会在一小时内自动结束。",
    },
    holder: {
      admin: "管理员",
      key: "API 密钥 {{name}}",
      deletedKey: "已删除的 API 密钥",
    },
    scope: { exclusive: "独占", shared: "共享" },
    depth: { "0": "仅此项", infinity: "包括其中所有内容" },
    details: {
      taken: "锁定于",
      expires: "到期于",
    },
    remove: "解除",
    removeLabel: "解除 {{path}} 上的锁",
    removed: "已解除锁",
    removeKey: "解除此密钥的全部锁",
    removeKeyLabel: "解除此密钥的全部锁（{{name}}）",
    removedKey_one: "已解除 {{count}} 个锁",
    removedKey_other: "已解除 {{count}} 个锁",
    pagination: {
      label: "锁列表分页",
      range: "第 {{from}}–{{to}} 条，共 {{total}} 条",
      pageSize: "每页",
      previous: "上一页",
      next: "下一页",
      page: "第 {{page}} / {{pages}} 页",
    },
  },
};
