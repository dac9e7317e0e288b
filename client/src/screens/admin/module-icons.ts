import type { ComponentType } from "react";
import {
  ChartIcon,
  DatabaseIcon,
  DocumentTextIcon,
  FilesIcon,
  type IconProps,
  KeyIcon,
  MountIcon,
  SettingsIcon,
} from "../../components/icons";
import type { AdminModule } from "../../routes";

export const ADMIN_MODULE_ICONS: Record<AdminModule, ComponentType<IconProps>> = {
  dashboard: ChartIcon,
  "text-management": DocumentTextIcon,
  "file-management": FilesIcon,
  "storage-config": DatabaseIcon,
  "mount-management": MountIcon,
  "key-management": KeyIcon,
  settings: SettingsIcon,
};
