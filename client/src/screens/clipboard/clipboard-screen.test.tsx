// The live clipboard screen (docs/clipboard.md): the rooms view against msw (who may create a room,
// the form, the owner's list with and without the key here, closing a room), and a room itself
// against the real server in its own process (test/clipboard-server.ts): it connects, shows the link,
// the devices and the items both ways, refuses a file over the room's limit, and says so when the
// room is closed. The other device is a raw WebSocket (server/test/clipboard-device.ts).
import { afterAll, afterEach, beforeEach, describe, expect, test } from "bun:test";
import { fireEvent, screen, within } from "@testing-library/react";
import { connectDevice, decryptItemText } from "../../../../server/test/clipboard-device";
import { freshClipboardDb, liveClipboardServer, setPageUrl } from "../../../test/clipboard-server";
import { eventually } from "../../../test/eventually";
import { clipboardRoom } from "../../../test/fixtures";
import { renderAppAt } from "../../../test/render-app";
import { failsWith, keyCheck, mockTrpc } from "../../../test/trpc-msw";
import { toast } from "../../components/feedback/toast-store";
import { savedRoomKey, saveRoomKey } from "../../lib/clipboard/outbox";

const server = mockTrpc();
const live = liveClipboardServer();
const PAGE_ORIGIN = "http://localhost:3000/";
const KEY = "k".repeat(43);

beforeEach(() => {
  freshClipboardDb();
  toast.clear();
});
// The room tests put the page on the live server's origin (its socket is the page's own).
afterEach(() => setPageUrl(PAGE_ORIGIN));
afterAll(() => setPageUrl(PAGE_ORIGIN));

const status = () => screen.getByTestId("clipboard-status").getAttribute("data-status");
const itemTexts = () => screen.queryAllByTestId("clipboard-item-text").map((item) => item.textContent);

describe("clipboard rooms", () => {
  test("signed out: a prompt to sign in, back to the clipboard, instead of the form", async () => {
    renderAppAt("/clipboard");
    const link = await screen.findByRole("link", { name: "Sign in" });
    expect(link.getAttribute("href")).toBe("/admin?next=%2Fclipboard");
    expect(screen.getByText("Sign in to create a room")).toBeDefined();
    expect(screen.queryByTestId("clipboard-create")).toBeNull();
  });

  test("a key without text permission cannot create rooms", async () => {
    server.signInWithKey(keyCheck({ file: true }));
    renderAppAt("/clipboard");
    await screen.findByText("Sign in to create a room");
    expect(screen.queryByTestId("clipboard-create")).toBeNull();
  });

  test("creating a room sends its settings, keeps a fresh key here and opens the room with it", async () => {
    server.signInAsAdmin({
      "clipboard.mine": () => [],
      "clipboard.create": (input) => clipboardRoom("r".repeat(22), { name: input.name }),
    });
    const view = renderAppAt("/clipboard");
    await screen.findByText("No rooms yet.");
    // The defaults are the server's (ROOM_DEFAULTS).
    expect((screen.getByLabelText("Items kept") as HTMLInputElement).value).toBe("50");
    expect((screen.getByLabelText("Lifetime (hours)") as HTMLInputElement).value).toBe("168");
    expect((screen.getByLabelText("Max devices") as HTMLInputElement).value).toBe("10");
    fireEvent.change(screen.getByLabelText("Name (optional, not encrypted)"), { target: { value: "Desk" } });
    fireEvent.change(screen.getByLabelText("Items kept"), { target: { value: "20" } });
    fireEvent.click(screen.getByTestId("clipboard-create"));
    await eventually(() => expect(view.location.history?.at(-1)).toMatch(/^\/clipboard\/r{22}#/));
    expect(server.calls.find((call) => call.path === "clipboard.create")?.input).toEqual({
      name: "Desk",
      history_limit: 20,
      expires_in_hours: 168,
      max_devices: 10,
    });
    // The key went into the fragment only, and is kept for the owner's list.
    const key = await savedRoomKey("r".repeat(22));
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(view.location.history?.at(-1)).toBe(`/clipboard/${"r".repeat(22)}#${key}`);
  });

  test("a refused room shows the server's message and opens nothing", async () => {
    server.signInAsAdmin({
      "clipboard.mine": () => [],
      "clipboard.create": failsWith("BAD_REQUEST", "Items kept must be at most 500"),
    });
    const view = renderAppAt("/clipboard");
    await screen.findByText("No rooms yet.");
    fireEvent.change(screen.getByLabelText("Items kept"), { target: { value: "900" } });
    fireEvent.click(screen.getByTestId("clipboard-create"));
    await screen.findByText("Items kept must be at most 500");
    expect(view.location.history?.at(-1)).toBe("/clipboard");
  });

  test("the owner's rooms: opened with the key kept here, or said to lack it; closing one forgets it", async () => {
    const withKey = clipboardRoom("a".repeat(22), { name: "Desk", item_count: 3, devices_connected: 1 });
    const elsewhere = clipboardRoom("b".repeat(22));
    await saveRoomKey(withKey.id, KEY);
    let rooms = [withKey, elsewhere];
    server.signInAsAdmin({
      "clipboard.mine": () => rooms,
      "clipboard.close": (input) => {
        rooms = rooms.filter((room) => room.id !== input.id);
        return { closed: 1 };
      },
    });
    renderAppAt("/clipboard");
    await eventually(() => expect(screen.queryAllByTestId("clipboard-own-room").length).toBe(2));
    const [first, second] = screen.getAllByTestId("clipboard-own-room");
    if (!first || !second) throw new Error("two rooms expected");
    expect(first.textContent).toContain("Desk");
    expect(first.textContent).toContain("3 items · 1 device connected");
    await eventually(() =>
      expect(within(first).getByRole("link", { name: "Open" }).getAttribute("href")).toBe(
        `/clipboard/${withKey.id}#${KEY}`,
      ),
    );
    expect(second.textContent).toContain("Untitled room");
    expect(within(second).queryByRole("link", { name: "Open" })).toBeNull();
    expect(within(second).getByTestId("clipboard-room-no-key")).toBeDefined();

    fireEvent.click(within(first).getByTestId("clipboard-close"));
    fireEvent.click(await screen.findByTestId("clipboard-close-confirm"));
    await eventually(() => expect(screen.queryAllByTestId("clipboard-own-room").length).toBe(1));
    expect(server.calls.find((call) => call.path === "clipboard.close")?.input).toEqual({ id: withKey.id });
    expect(await savedRoomKey(withKey.id)).toBeNull();
  });

  test("a room link without its key says what is missing", async () => {
    renderAppAt(`/clipboard/${"c".repeat(22)}`);
    await screen.findByText("This link has no key (the part after #). Ask for the whole link.");
    expect(screen.queryByTestId("clipboard-composer")).toBeNull();
  });
});

describe("a live room", () => {
  async function openRoom(options: { asOwner?: boolean } = {}) {
    const { id, key } = await live.createRoom();
    const link = `${live.origin}/clipboard/${id}#${key}`;
    setPageUrl(link);
    if (options.asOwner) server.signInAsAdmin({ "clipboard.mine": () => [clipboardRoom(id, { name: "Desk" })] });
    renderAppAt(`/clipboard/${id}`);
    await eventually(() => expect(status()).toBe("online"), 15_000);
    return { id, key, link };
  }

  test("a visitor's room: the link with its key, both devices, and text both ways", async () => {
    const { id, key, link } = await openRoom();
    expect(screen.getByTestId("clipboard-room-link").textContent).toBe(link);
    // Not the owner: no "Close room", and the key is not kept on this device.
    expect(screen.queryByTestId("clipboard-close")).toBeNull();
    expect(await savedRoomKey(id)).toBeNull();
    expect(screen.getByText("Nothing here yet. What you send appears on every device in the room.")).toBeDefined();

    const phone = await connectDevice(live.origin, id, { label: "Phone" });
    await eventually(() =>
      expect(screen.getByTestId("clipboard-devices").textContent).toMatch(
        /Phone.*\(this device\)|\(this device\).*Phone/,
      ),
    );
    await phone.sendText("from the phone", key);
    await eventually(() => expect(itemTexts()).toEqual(["from the phone"]), 10_000);

    fireEvent.change(screen.getByLabelText("Text to send"), { target: { value: "from the screen" } });
    fireEvent.click(screen.getByTestId("clipboard-send"));
    const { item } = await phone.waitFor("item", (message) => message.item.device_id !== phone.deviceId);
    expect(await decryptItemText(item.content, key)).toBe("from the screen");
    // Shown once, newest first, and no longer waiting once the server confirmed it.
    await eventually(() => expect(itemTexts()).toEqual(["from the screen", "from the phone"]), 10_000);
    await eventually(() => expect(screen.queryAllByText("Waiting to send").length).toBe(0));
    phone.close();
  });

  test("a file over the room's limit is refused here with its name and the limit", async () => {
    await openRoom();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.bin");
    const input = screen.getByTestId("clipboard-file") as HTMLInputElement;
    Object.defineProperty(input, "files", { value: [big], configurable: true });
    fireEvent.change(input);
    await eventually(() =>
      expect(toast.getToasts().map((entry) => entry.title)).toContain(
        "huge.bin is larger than the room's limit of 10 MB",
      ),
    );
    expect(screen.queryAllByTestId("clipboard-item").length).toBe(0);
  });

  test("the owner sees the room's name and can close it; closed, the room says so", async () => {
    const { id, key } = await openRoom({ asOwner: true });
    await screen.findByRole("heading", { level: 1, name: "Desk" });
    // Opening the room's link keeps its key on the owner's device.
    await eventually(async () => expect(await savedRoomKey(id)).toBe(key));
    await live.closeRoom(id);
    await screen.findByText("This room was closed or has expired.", undefined, { timeout: 10_000 });
    expect(screen.queryByTestId("clipboard-composer")).toBeNull();
  });
});
