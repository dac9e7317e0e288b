import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { APP_VERSION } from "@shared/constants";

const CLIENT = join(import.meta.dir, "../..");
const manifest = JSON.parse(readFileSync(join(CLIENT, "public/manifest.webmanifest"), "utf8")) as {
  name: string;
  short_name: string;
  version: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};
const indexHtml = readFileSync(join(CLIENT, "index.html"), "utf8");

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): [number, number] {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe("web app manifest (docs/product.md §1)", () => {
  test("names the installable app, version 0.6.8 like the package and the API", () => {
    const pkg = JSON.parse(readFileSync(join(CLIENT, "../package.json"), "utf8")) as { version: string };
    expect(manifest.version).toBe("0.6.8");
    expect(manifest.version).toBe(APP_VERSION);
    expect(manifest.version).toBe(pkg.version);
    expect(manifest).toMatchObject({ name: "Pastebox", short_name: "Pastebox", start_url: "/", scope: "/" });
    expect(manifest.display).toBe("standalone");
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  test("icons 192 and 512, plain and maskable, exist at their stated sizes", () => {
    const wanted = ["192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"];
    const declared = manifest.icons.filter((icon) => icon.type === "image/png");
    expect(declared.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(wanted.sort());
    for (const icon of declared) {
      const [width, height] = pngSize(join(CLIENT, "public", icon.src));
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    expect(pngSize(join(CLIENT, "public/icons/apple-touch-icon.png"))).toEqual([180, 180]);
  });

  test("index.html links the manifest, the apple touch icon and theme colours for light and dark", () => {
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(indexHtml).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    expect(indexHtml).toMatch(
      /<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: light\)" \/>/,
    );
    expect(indexHtml).toMatch(
      /<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: dark\)" \/>/,
    );
  });
});
