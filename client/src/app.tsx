// Routes (docs/product.md §2) inside the app shell, behind the route guard. Screens load lazily, each with
// the parts of the texts it shows (shared/i18n/text-parts.ts); each route sets its page title outside
// the lazy boundary, so the title is right while the code is loading.
import type { TextPart } from "@shared/i18n/text-parts";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { AppShell } from "./components/app-shell";
import { PageSpinner } from "./components/page-spinner";
import { RouteGuard } from "./components/route-guard";
import { ScreenErrorBoundary } from "./components/screen-error-boundary";
import { usePageTitle } from "./hooks/use-page-title";
import { loadTexts } from "./i18n";
import { useAuth } from "./lib/auth/use-auth";
import { loadPagePolicy } from "./lib/files/csp";
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

const HomeScreen = lazyScreen(() => import("./screens/home-screen"), ["pastes"]);
const UploadScreen = lazyScreen(() => import("./screens/upload-screen"), ["files"]);
const AdminScreen = lazyScreen(() => import("./screens/admin-screen"), ["admin", "pastes", "files", "explorer"]);
const PasteViewScreen = lazyScreen(() => import("./screens/paste-view-screen"), ["pastes"]);
const FileViewScreen = lazyScreen(() => import("./screens/file-view-screen"), ["files"]);
const MountExplorerScreen = lazyScreen(
  () => import("./screens/mount-explorer-screen"),
  ["explorer", "files", "pastes"],
);
const NotFoundScreen = lazyScreen(() => import("./screens/not-found-screen"), []);
const ClipboardScreen = lazyScreen(() => import("./screens/clipboard-screen"), ["clipboard", "files"]);

function RouteScreen({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  const [location] = useLocation();
  return (
    <ScreenErrorBoundary resetKey={location}>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </ScreenErrorBoundary>
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

export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <Switch>
      <Route path={ROUTES.home}>
        <RouteScreen title={t("titles.home")}>
          <HomeScreen />
        </RouteScreen>
      </Route>
      <Route path={ROUTES.upload}>
        <RouteScreen title={t("titles.upload")}>
          <UploadScreen />
        </RouteScreen>
      </Route>
      <Route path={ROUTES.admin}>
        <AdminRoute module={DEFAULT_ADMIN_MODULE} isDefault />
      </Route>
      <Route path={ROUTES.adminModule}>
        {(params) => (isAdminModule(params.module) ? <AdminRoute module={params.module} /> : <NotFoundRoute />)}
      </Route>
      <Route path={ROUTES.paste}>
        {(params) => (
          <RouteScreen title={t("titles.paste")}>
            <PasteViewScreen slug={decodePathParam(params.slug)} />
          </RouteScreen>
        )}
      </Route>
      <Route path={ROUTES.file}>
        {(params) => (
          <RouteScreen title={t("titles.file")}>
            <FileViewScreen slug={decodePathParam(params.slug)} />
          </RouteScreen>
        )}
      </Route>
      <Route path={ROUTES.mountExplorer}>
        <RouteScreen title={t("titles.mountExplorer")}>
          <MountExplorerScreen path="/" />
        </RouteScreen>
      </Route>
      <Route path={ROUTES.mountExplorerPath}>
        {(params) => (
          <RouteScreen title={t("titles.mountExplorer")}>
            <MountExplorerScreen path={mountPathFromParam(params["*"])} />
          </RouteScreen>
        )}
      </Route>
      <Route path={ROUTES.clipboard}>
        <RouteScreen title={t("titles.clipboard")}>
          <ClipboardScreen />
        </RouteScreen>
      </Route>
      <Route path={ROUTES.clipboardRoom}>
        {(params) => (
          <RouteScreen title={t("titles.clipboard")}>
            <ClipboardScreen key={params.id} roomId={decodePathParam(params.id)} />
          </RouteScreen>
        )}
      </Route>
      {/* docs/product.md §2: any other path goes Home; replace, so Back does not bounce to the bad URL. */}
      <Route>
        <Redirect to={ROUTES.home} replace />
      </Route>
    </Switch>
  );
}

export function App() {
  // The storage origins this page may reach are the ones its CSP had when it loaded: read the
  // policy now, not when an upload first asks (a storage added since needs a reload).
  useEffect(() => {
    void loadPagePolicy();
  }, []);
  return (
    <AppShell>
      <RouteGuard>
        <AppRoutes />
      </RouteGuard>
    </AppShell>
  );
}
