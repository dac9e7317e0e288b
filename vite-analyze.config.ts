import base from "./vite.config.ts";
import { analyze } from "/tmp/analyze-plugin.ts";
export default { ...base, plugins: [...(base as any).plugins.filter((p: any) => p?.name !== "pastebox-offline-app"), analyze()], build: { ...(base as any).build, outDir: "/tmp/weight-analyze", sourcemap: false } };
