// Routes (docs/product.md §2) inside the app shell, behind the route guard. Screens load lazily, each with
// the parts of the texts it shows (shared/i18n/text-parts.ts); each route sets its page title outside
// the lazy boundary, so the title is right while the code is loading.
import type { TextPart } from "@shared/i18n/text-parts";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Redirect, Route, Switch, useLocation, useRoute } from "wouter";
import { PageSpinner } from "./components/feedback/page-spinner";
import { ScreenErrorBoundary } from "./components/feedback/screen-error-boundary";
import { toast } from "./components/feedback/toast-store";
import { AppShell } from "./components/layout/app-shell";
import { RouteGuard } from "./components/layout/route-guard";
import { ScreenTitleProvider, usePageTitle } from "./hooks/use-page-title";
import { loadTexts } from "./i18n";
import { useAuth } from "./lib/auth/use-auth";
import { loadPagePolicy } from "./lib/shares/download/csp";
import { DataProviders } from "./providers";
import {
  type AdminModule,
  DEFAULT_ADMIN_MODULE,
  decodePathParam,
  isAdminModule,
  mountPathFromParam,
  ROUTES,
} from "./routes";

/**
 * A screen loaded with its texts: the shell's part is already there, `parts` are the others it shows
 * (i18n.test.ts checks each screen's code against them). Texts that fail to load leave their keys on
 * screen, as the shell's do in main.tsx, rather than the screen's error page.
 */
// biome-ignore lint/suspicious/noExplicitAny: each screen has its own props; lazy() keeps their type.
function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, parts: readonly TextPart[]) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadTexts(parts).catch((error: unknown) => console.error(error))]);
    return module;
  });
}

const HomeScreen = lazyScreen(() => import("./screens/home/home-screen"), ["pastes"]);
const UploadScreen = lazyScreen(() => import("./screens/upload/upload-screen"), ["files", "fileKinds"]);
const AdminScreen = lazyScreen(
  () => import("./screens/admin-screen"),
  ["admin", "pastes", "pasteLink", "files", "fileLink", "shareManage", "explorer", "errors"],
);
const PasteViewScreen = lazyScreen(() => import("./screens/paste/paste-view-screen"), ["pasteLink"]);
const FileViewScreen = lazyScreen(() => import("./screens/file/file-view-screen"), ["fileLink", "fileKinds"]);
const ShareLinkScreen = lazyScreen(() => import("./screens/share-link-screen"), ["shareLink"]);
const UploadRequestScreen = lazyScreen(() => import("./screens/upload-request-screen"), ["shareLink", "files"]);
const MountExplorerScreen = lazyScreen(
  () => import("./screens/explorer/mount-explorer-screen"),
  ["explorer", "files", "fileLink", "pastes", "errors"],
);
const NotFoundScreen = lazyScreen(() => import("./screens/not-found-screen"), []);
const ClipboardScreen = lazyScreen(
  () => import("./screens/clipboard/clipboard-screen"),
  ["clipboard", "files", "errors"],
);

export function RouteScreen({ title, children }: { title: string; children: ReactNode }) {
  const [screenTitle, setScreenTitle] = useState<string | null>(null);
  usePageTitle(screenTitle ?? title);
  const [location] = useLocation();
  return (
    <ScreenTitleProvider value={setScreenTitle}>
      <ScreenErrorBoundary resetKey={location}>
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </ScreenErrorBoundary>
    </ScreenTitleProvider>
  );
}

// Signed out, the admin routes show the login, and the title says so.
function AdminRoute({ module, isDefault = false }: { module: AdminModule; isDefault?: boolean }) {
  const { t } = useTranslation();
  const { authType } = useAuth();
  const title = authType === "none" ? t("titles.adminLogin") : t(`adminModules.${module}.name`);
  return (
    <RouteScreen title={title}>
      <AdminScreen module={module} isDefault={isDefault} />
    </RouteScreen>
  );
}

function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <RouteScreen title={t("titles.notFound")}>
      <NotFoundScreen />
    </RouteScreen>
  );
}

/**
 * Any other path goes Home (docs/product.md §2), and says so: a mistyped or outdated link must not look
 * as if it had opened what it named.
 */
function UnknownPath() {
  const { t } = useTranslation();
  const [location] = useLocation();
  useEffect(() => {
    toast.info(t("screens.notFound.redirected"), { id: "unknown-path", description: location });
  }, [location, t]);
  return <Redirect to={ROUTES.home} replace />;
}

/** A route's parameters: the screens read only the ones their own path names, so they are present. */
type RouteParams = { slug: string; id: string; "*": string };

/** The screens behind plain routes: the title's key under "titles", and the screen for the path's parameters. */
const SCREEN_ROUTES: {
  path: string;
  title: "home" | "upload" | "paste" | "file" | "share" | "uploadRequest" | "mountExplorer" | "clipboard";
  screen: (params: RouteParams) => ReactNode;
}[] = [
  { path: ROUTES.home, title: "home", screen: () => <HomeScreen /> },
  { path: ROUTES.upload, title: "upload", screen: () => <UploadScreen /> },
  { path: ROUTES.paste, title: "paste", screen: (params) => <PasteViewScreen slug={decodePathParam(params.slug)} /> },
  { path: ROUTES.file, title: "file", screen: (params) => <FileViewScreen slug={decodePathParam(params.slug)} /> },
  { path: ROUTES.share, title: "share", screen: (params) => <ShareLinkScreen slug={decodePathParam(params.slug)} /> },
  {
    path: ROUTES.uploadRequest,
    title: "uploadRequest",
    screen: (params) => <UploadRequestScreen slug={decodePathParam(params.slug)} />,
  },
  { path: ROUTES.mountExplorer, title: "mountExplorer", screen: () => <MountExplorerScreen path="/" /> },
  {
    path: ROUTES.mountExplorerPath,
    title: "mountExplorer",
    screen: (params) => <MountExplorerScreen path={mountPathFromParam(params["*"])} />,
  },
  { path: ROUTES.clipboard, title: "clipboard", screen: () => <ClipboardScreen /> },
  {
    path: ROUTES.clipboardRoom,
    title: "clipboard",
    screen: (params) => <ClipboardScreen key={params.id} roomId={decodePathParam(params.id)} />,
  },
];

export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <Switch>
      {SCREEN_ROUTES.map(({ path, title, screen }) => (
        <Route key={path} path={path}>
          {(params) => <RouteScreen title={t(`titles.${title}`)}>{screen(params as RouteParams)}</RouteScreen>}
        </Route>
      ))}
      <Route path={ROUTES.admin}>
        <AdminRoute module={DEFAULT_ADMIN_MODULE} isDefault />
      </Route>
      <Route path={ROUTES.adminModule}>
        {(params) => (isAdminModule(params.module) ? <AdminRoute module={params.module} /> : <NotFoundRoute />)}
      </Route>
      {/* docs/product.md §2: any other path goes Home; replace, so Back does not bounce to the bad URL. */}
      <Route>
        <UnknownPath />
      </Route>
    </Switch>
  );
}

/**
 * The share pages (a paste, a file, a shared folder) read over plain fetch; every other screen calls the server
 * through tRPC, whose client comes with the first of them (docs/decisions/0014-public-pages-without-trpc.md).
 */
function useNeedsTrpc(): boolean {
  const [isPastePage] = useRoute(ROUTES.paste);
  const [isFilePage] = useRoute(ROUTES.file);
  const [isSharePage] = useRoute(ROUTES.share);
  const [isUploadRequestPage] = useRoute(ROUTES.uploadRequest);
  return !isPastePage && !isFilePage && !isSharePage && !isUploadRequestPage;
}

export function App() {
  // The storage origins this page may reach are the ones its CSP had when it loaded: read the
  // policy now, not when an upload first asks (a storage added since needs a reload).
  useEffect(() => {
    void loadPagePolicy();
  }, []);
  const needsTrpc = useNeedsTrpc();
  return (
    <AppShell>
      <RouteGuard>
        <DataProviders isNeeded={needsTrpc}>
          <AppRoutes />
        </DataProviders>
      </RouteGuard>
    </AppShell>
  );
}
