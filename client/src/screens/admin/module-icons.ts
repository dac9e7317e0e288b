import AdjustmentsHorizontalIcon from "@heroicons/react/24/outline/AdjustmentsHorizontalIcon";
import ArchiveBoxIcon from "@heroicons/react/24/outline/ArchiveBoxIcon";
import ChartBarIcon from "@heroicons/react/24/outline/ChartBarIcon";
import CircleStackIcon from "@heroicons/react/24/outline/CircleStackIcon";
import ClipboardDocumentListIcon from "@heroicons/react/24/outline/ClipboardDocumentListIcon";
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import DocumentDuplicateIcon from "@heroicons/react/24/outline/DocumentDuplicateIcon";
import DocumentTextIcon from "@heroicons/react/24/outline/DocumentTextIcon";
import InboxArrowDownIcon from "@heroicons/react/24/outline/InboxArrowDownIcon";
import KeyIcon from "@heroicons/react/24/outline/KeyIcon";
import LinkIcon from "@heroicons/react/24/outline/LinkIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import QueueListIcon from "@heroicons/react/24/outline/QueueListIcon";
import ServerStackIcon from "@heroicons/react/24/outline/ServerStackIcon";
import ShieldCheckIcon from "@heroicons/react/24/outline/ShieldCheckIcon";
import type { ComponentType } from "react";
import type { IconProps } from "../../components/icons";
import type { AdminModule } from "../../routes";

export const ADMIN_MODULE_ICONS: Record<AdminModule, ComponentType<IconProps>> = {
  dashboard: ChartBarIcon,
  "text-management": DocumentTextIcon,
  "file-management": DocumentDuplicateIcon,
  "upload-requests": InboxArrowDownIcon,
  "shared-links": LinkIcon,
  "storage-config": CircleStackIcon,
  "mount-management": ServerStackIcon,
  "key-management": KeyIcon,
  settings: AdjustmentsHorizontalIcon,
  security: ShieldCheckIcon,
  backups: ArchiveBoxIcon,
  "audit-log": ClipboardDocumentListIcon,
  "dav-locks": LockClosedIcon,
  tasks: QueueListIcon,
  jobs: ClockIcon,
};
