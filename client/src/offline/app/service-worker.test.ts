import { describe, expect, test } from "bun:test";
import { expectAnswers } from "../../../test/answers";
import { allowsBackgroundDownload, loadedAssetUrls } from "./service-worker";

describe("what the page asks the service worker to cache", () => {
  test("the app's own assets it loaded, once each; not API calls or other origins", () => {
    const origin = "https://paste.example.com";
    const entries = [
      { name: `${origin}/assets/index-abc.js` },
      { name: `${origin}/assets/paste-view-screen-def.js` },
      { name: `${origin}/assets/index-abc.js` },
      { name: `${origin}/assets/index-xyz.css` },
      { name: `${origin}/trpc/pastes.view?batch=1` },
      { name: "https://cdn.example.net/assets/other.js" },
    ];
    expect(loadedAssetUrls(entries, origin)).toEqual([
      "/assets/index-abc.js",
      "/assets/paste-view-screen-def.js",
      "/assets/index-xyz.css",
    ]);
  });

  test("the installed app downloads the rest in the background except on Save-Data or a cellular link", () => {
    expectAnswers(allowsBackgroundDownload, [
      [undefined, true],
      [{ type: "wifi" }, true],
      [{ saveData: true }, false],
      [{ type: "cellular" }, false],
    ]);
  });
});
