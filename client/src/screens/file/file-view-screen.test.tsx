import { describe, expect, test } from "bun:test";
import type { PublicFileView } from "@shared/schemas/shares/shares";
import { fireEvent, screen } from "@testing-library/react";
import { eventually } from "../../../test/eventually";
import { renderAppAt } from "../../../test/render-app";
import { failsWith, mockTrpc, type TrpcResolver, TrpcTestError } from "../../../test/trpc-msw";
import { authStore } from "../../lib/auth/store/session";

const server = mockTrpc();

function file(overrides: Partial<PublicFileView> = {}): PublicFileView {
  return {
    slug: "pic123",
    filename: "holiday photo.png",
    mimetype: "image/png",
    size: 1536,
    has_password: false,
    requires_password: false,
    encrypted: false,
    expires_at: null,
    max_views: 3,
    views: 1,
    created_at: new Date(Date.now() - 3_600_000),
    preview_url: "/api/storage/local/cfg?op=get&disposition=inline&signature=a",
    download_url: "/api/storage/local/cfg?op=get&disposition=attachment&signature=b",
    links_expire_at: new Date(Date.now() + 15 * 60_000),
    ...overrides,
  };
}

const LOCKED = file({
  has_password: true,
  requires_password: true,
  preview_url: null,
  download_url: null,
  links_expire_at: null,
  views: 0,
});

function submitPassword(value: string) {
  fireEvent.change(screen.getByLabelText("Password", { selector: "input" }), { target: { value } });
  fireEvent.click(screen.getByRole("button", { name: "Open file" }));
}

/** Opens the locked file, answers its password check with `verify`, and types `password` at the prompt. */
async function submitAtPrompt(password: string, verify: TrpcResolver<"files.public.verify">) {
  server.use({ "files.public.get": () => LOCKED, "files.public.verify": verify });
  renderAppAt("/file/pic123");
  await screen.findByTestId("file-password-prompt");
  submitPassword(password);
}

describe("file page", () => {
  test("an image: name, size, type, views of the limit, preview, download, fetched once", async () => {
    server.use({ "files.public.get": () => file() });
    renderAppAt("/file/pic123");
    await screen.findByTestId("file-document");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("holiday photo.png");
    expect(screen.getByTestId("file-size").textContent).toBe("1.5 KB");
    expect(screen.getByTestId("file-views").textContent).toBe("1 of 3 views");
    expect(screen.getByText("Uploaded 1 hour ago")).toBeDefined();
    expect(screen.queryByText("Remark")).toBeNull();
    const image = screen.getByTestId("image-preview") as HTMLImageElement;
    expect(image.getAttribute("src")).toBe(file().preview_url);
    expect(image.getAttribute("alt")).toBe("holiday photo.png");
    expect(screen.getByTestId("file-download").getAttribute("href")).toBe(file().download_url);
    expect(screen.getByRole("button", { name: "Copy link" })).toBeDefined();
    // The QR code is drawn when asked for (its library is not part of the page's first load).
    expect(screen.queryByTestId("share-qr")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show QR code" }));
    await eventually(() => expect(screen.getByTestId("share-qr").getAttribute("src")).toStartWith("data:image/png"));
    expect(screen.getByRole("button", { name: "Hide QR code" }).getAttribute("aria-expanded")).toBe("true");
    expect(server.calls.filter((call) => call.path === "files.public.get").length).toBe(1);
  });

  test("the last allowed view warns that the link stops working", async () => {
    server.use({ "files.public.get": () => file({ views: 3 }) });
    renderAppAt("/file/pic123");
    expect((await screen.findByTestId("last-view")).textContent).toContain("last allowed view");
  });

  test("protected: the prompt names the file; a wrong password says so, keeps the session, the right one opens it", async () => {
    server.signInAsAdmin({
      "files.public.get": () => LOCKED,
      "files.public.verify": (input) => {
        if (input.password !== "right") throw new TrpcTestError("WRONG_PASSWORD", "Wrong password");
        return file({ has_password: true, views: 1 });
      },
    });
    renderAppAt("/file/pic123");
    const prompt = await screen.findByTestId("file-password-prompt");
    expect(prompt.textContent).toContain("holiday photo.png");
    submitPassword("wrong");
    expect(await screen.findByText("Wrong password. Try again.")).toBeDefined();
    expect(authStore.getState().authType).toBe("admin");
    submitPassword("right");
    await screen.findByTestId("file-document");
    expect(screen.getByText("Password protected")).toBeDefined();
  });

  test("?password= in the address opens a protected file directly", async () => {
    server.use({
      "files.public.verify": (input) => {
        expect(input).toEqual({ slug: "pic123", password: "from link" });
        return file({ has_password: true });
      },
    });
    renderAppAt("/file/pic123?password=from%20link");
    await screen.findByTestId("file-document");
    expect(server.calls.map((call) => call.path)).toContain("files.public.verify");
    expect(server.calls.map((call) => call.path)).not.toContain("files.public.get");
  });

  test("a wrong ?password= leaves the prompt, with the locked file's name, and the right one opens it", async () => {
    server.use({
      "files.public.get": () => LOCKED,
      "files.public.verify": (input) => {
        if (input.password !== "right") throw new TrpcTestError("WRONG_PASSWORD", "Wrong password");
        return file({ has_password: true });
      },
    });
    renderAppAt("/file/pic123?password=stale");
    const prompt = await screen.findByTestId("file-password-prompt");
    expect(await screen.findByText("Wrong password. Try again.")).toBeDefined();
    await eventually(() => expect(prompt.textContent).toContain("holiday photo.png"));
    submitPassword("right");
    await screen.findByTestId("file-document");
    // The address's try, the locked details (no view counted on a protected file), the prompt's try.
    expect(server.calls.map((call) => call.path).filter((path) => path.startsWith("files."))).toEqual([
      "files.public.verify",
      "files.public.get",
      "files.public.verify",
    ]);
  });

  test("the file expiring while the password is typed: the expired screen", async () => {
    await submitAtPrompt("right", failsWith("GONE", "The file share has expired"));
    expect((await screen.findByTestId("file-expired")).textContent).toContain("This file has expired");
  });

  test("no connection: says so and offers to try again", async () => {
    server.goOffline();
    renderAppAt("/file/pic123");
    expect(await screen.findByRole("button", { name: "Try again" })).toBeDefined();
    expect(screen.getByText("Could not reach the server. Check your connection and try again.")).toBeDefined();
  });

  test("too many attempts is a message at the field, not a dead end", async () => {
    await submitAtPrompt("guess", failsWith("TOO_MANY_REQUESTS", "Too many requests, try again in 30 seconds"));
    expect(await screen.findByText("Too many requests, try again in 30 seconds")).toBeDefined();
  });

  test("missing, expired and used-up files have their own screens", async () => {
    const cases: [() => never, string, string, string][] = [
      [failsWith("NOT_FOUND", "The file does not exist or has been deleted"), "nope", "notFound", "File not found"],
      [failsWith("GONE", "The file share has expired"), "old", "expired", "This file has expired"],
      [failsWith("GONE", "The view limit has been reached"), "used", "limitReached", "View limit reached"],
    ];
    for (const [refuse, slug, state, text] of cases) {
      server.use({ "files.public.get": refuse });
      const shown = renderAppAt(`/file/${slug}`);
      expect((await screen.findByTestId(`file-${state}`)).textContent).toContain(text);
      shown.unmount();
    }
  });

  test("a file with no preview offers the download", async () => {
    server.use({ "files.public.get": () => file({ filename: "backup.zip", mimetype: "application/zip" }) });
    renderAppAt("/file/pic123");
    expect((await screen.findByTestId("file-preview")).textContent).toContain("No preview for this type of file");
  });
});
