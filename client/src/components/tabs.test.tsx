import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { Tabs } from "./tabs";

const ITEMS = [
  { id: "file", tab: "Files", panel: <p>Drop files</p> },
  { id: "url", tab: "From URL", panel: <p>Paste a link</p> },
  { id: "other", tab: "Other", panel: <p>Something else</p> },
];

describe("Tabs", () => {
  test("shows the first tab's panel, named by its tab; a click chooses another", () => {
    render(<Tabs label="Upload source" items={ITEMS} />);
    expect(screen.getByRole("tablist", { name: "Upload source" })).toBeDefined();
    expect(screen.getByRole("tabpanel", { name: "Files" }).textContent).toBe("Drop files");
    expect(screen.queryByText("Paste a link")).toBeNull();

    fireEvent.click(screen.getByRole("tab", { name: "From URL" }));
    expect(screen.getByRole("tab", { name: "From URL" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "Files" }).getAttribute("aria-selected")).toBe("false");
    expect(screen.getByRole("tabpanel", { name: "From URL" }).textContent).toBe("Paste a link");
    expect(screen.queryByText("Drop files")).toBeNull();
  });

  test("only the chosen tab is in the Tab order; arrows (wrapping), Home and End move to a tab and choose it", () => {
    render(<Tabs label="Upload source" items={ITEMS} />);
    const tab = (name: string) => screen.getByRole("tab", { name });
    expect([tab("Files").tabIndex, tab("From URL").tabIndex, tab("Other").tabIndex]).toEqual([0, -1, -1]);

    fireEvent.keyDown(tab("Files"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("From URL"));
    expect(screen.getByRole("tabpanel").textContent).toBe("Paste a link");
    expect([tab("Files").tabIndex, tab("From URL").tabIndex]).toEqual([-1, 0]);

    fireEvent.keyDown(tab("From URL"), { key: "End" });
    expect(document.activeElement).toBe(tab("Other"));
    fireEvent.keyDown(tab("Other"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("Files"));
    fireEvent.keyDown(tab("Files"), { key: "ArrowLeft" });
    expect(screen.getByRole("tabpanel").textContent).toBe("Something else");
    fireEvent.keyDown(tab("Other"), { key: "Home" });
    expect(screen.getByRole("tabpanel").textContent).toBe("Drop files");
  });
});
