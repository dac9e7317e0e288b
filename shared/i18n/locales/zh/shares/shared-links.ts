// 管理后台“文件与文件夹链接”模块的中文文本（与 en/shared-links.ts 对应）。
import type { enSharedLinks } from "../../en/shares/shared-links";

export const zhSharedLinks: typeof enSharedLinks = {
  sharedLinks: {
    listLabel: "文件与文件夹链接",
    loading: "正在加载链接…",
    loadError: "无法加载链接",
    empty: {
      title: "这里没有链接",
      description: "在挂载浏览器中分享文件或文件夹，或分享通过上传请求收到的文件，其链接会显示在这里。",
    },
    filter: { label: "显示", all: "全部", file: "文件", folder: "文件夹" },
    kind: { file: "文件", folder: "文件夹", set: "文件集" },
    state: { active: "有效", expired: "已过期", used_up: "已用完", gone: "已消失", empty: "已清空" },
    fields: {
      views: "访问次数",
      expires: "过期时间",
      password: "密码",
      created: "创建时间",
      remark: "备注",
      size: "大小",
    },
    viewsOf: "{{count}} / {{max}}",
    never: "永不",
    withPassword: "需要",
    withoutPassword: "无",
    copyLink: "复制链接",
    linkCopied: "链接已复制",
    copyFailed: "浏览器拒绝复制，请手动选中链接复制",
    open: "打开",
    extend: {
      action: "延长",
      label: "延长 {{name}} 的链接",
      title: "延长链接",
      description: "链接从现在起有效，直到新的过期时间。已过期的链接会重新生效。",
      expiry: "有效时长",
      submit: "延长",
      done: "链接已延长",
    },
    revoke: {
      action: "撤销",
      label: "撤销 {{name}} 的链接",
      title: "撤销这个链接？",
      description: "持有链接的人将无法再打开它。文件或文件夹本身保留原处。",
      setDescription: "持有链接的人将无法再打开它，文件集中的文件也会一并删除。",
      confirm: "撤销链接",
      done: "链接已撤销",
    },
    sets: {
      title: "文件集",
      name_one: "{{count}} 个文件，一个链接",
      name_other: "{{count}} 个文件，一个链接",
      loading: "正在加载文件集…",
      loadError: "无法加载文件集",
      filter: { label: "显示", all: "全部", files: "单个文件", sets: "文件集" },
      empty: {
        title: "没有文件集",
        description: "在“上传”页面，把两个或更多已完成的上传作为一个链接发送：文件集会显示在这里。",
      },
    },
  },
};
