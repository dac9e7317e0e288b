import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { lazyPart } from "./lazy-part";

describe("a part of the Upload screen loaded when first shown", () => {
  test("shows the part once its code arrives, with its props", async () => {
    const Part = lazyPart(async () => ({ label }: { label: string }) => <p>{label}</p>);
    render(<Part label="recent uploads" />);
    expect(await screen.findByText("recent uploads")).toBeDefined();
  });

  test("a part whose code did not arrive says so in its place, and trying again loads it", async () => {
    let attempts = 0;
    const Part = lazyPart(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return () => <p>the upload list</p>;
    });
    const consoleError = console.error;
    console.error = () => {};
    try {
      render(
        <div>
          <Part />
          <p>the drop zone</p>
        </div>,
      );
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toContain("This part of the page could not be loaded.");
      // The rest of the screen stays.
      expect(screen.getByText("the drop zone")).toBeDefined();
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
      expect(await screen.findByText("the upload list")).toBeDefined();
      expect(attempts).toBe(2);
    } finally {
      console.error = consoleError;
    }
  });
});
