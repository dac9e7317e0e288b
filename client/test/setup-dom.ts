// Preload for the client's unit tests: `bun test --preload ./client/test/setup-dom.ts client/src`.
// Registers happy-dom's window, document, localStorage... as globals, then resets the DOM, the language
// and storage after each test so tests cannot leak state into one another. Scoped to client tests on
// purpose: server tests need Bun's own fetch/Request/Response, which happy-dom would replace.
import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({ url: "http://localhost:3000/", width: 1280, height: 800 });
// happy-dom's window gives Node's stream.Writable as WritableStream; the client means the web one.
globalThis.WritableStream = (await import("node:stream/web")).WritableStream as typeof WritableStream;

// Imported only after the globals exist: Testing Library captures `document` on import.
const { afterEach } = await import("bun:test");
const { cleanup, configure } = await import("@testing-library/react");
// findBy*/waitFor give up after 1 s by default: too short on a machine shared by many test runs,
// where a screen that waits for two answers (who is signed in, then its data) can take longer.
configure({ asyncUtilTimeout: 5000 });
// The app loads one language's texts, in parts, as it shows them (client/src/i18n.ts); tests render any
// screen in both languages, so they have all of them.
const { loadTexts } = await import("../src/i18n");
const { TEXT_PARTS } = await import("@shared/i18n/text-parts");
await loadTexts(TEXT_PARTS, ["en", "zh"]);

const { default: i18n } = await import("../src/i18n");

// Every test starts on a blank page, in English, with empty storage: a test of the other language
// switches to it itself. Switching writes the language to storage, hence before the clear.
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("en");
  localStorage.clear();
  document.title = "";
  document.documentElement.className = "";
  window.history.replaceState(null, "", "/");
});
