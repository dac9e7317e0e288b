// The resume notice (components/resume-notice.tsx), downloaded only when this page has an upload to
// resume: most visits have none, and the Upload screen's weight budget (docs/performance.md, Page
// weight) pays for every module it loads when opened.
import { type ComponentProps, useSyncExternalStore } from "react";
import { resumeStore } from "../../lib/upload/engine/resume-store";
import { lazyPart } from "./lazy-part";

type NoticeProps = ComponentProps<typeof import("../../components/resume-notice").ResumeNotice>;

const Notice = lazyPart(() => import("../../components/resume-notice").then((module) => module.ResumeNotice));

export function ResumeNoticePart(props: NoticeProps) {
  const { shows } = props;
  const hasUpload = useSyncExternalStore(
    resumeStore.subscribe,
    () => resumeStore.list().some(shows),
    () => false,
  );
  return hasUpload ? <Notice {...props} /> : null;
}
