import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { SwitchField } from "./switch-field";

function Form({ onSubmit }: { onSubmit: () => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <SwitchField
        label="Encrypt in this browser"
        description="The server never sees the text."
        checked={checked}
        onCheckedChange={setChecked}
      />
    </form>
  );
}

describe("SwitchField", () => {
  test("a switch named by its label and described by its description; a click or its label toggles it", () => {
    render(<Form onSubmit={() => {}} />);
    const toggle = screen.getByRole("switch", { name: "Encrypt in this browser" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(toggle.getAttribute("aria-describedby")).toBe(
      screen.getByText("The server never sees the text.").getAttribute("id"),
    );

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(screen.getByText("Encrypt in this browser"));
    expect(toggle.getAttribute("aria-checked")).toBe("false");
  });

  test("Enter submits the form without flipping the setting", () => {
    let submitted = 0;
    render(<Form onSubmit={() => submitted++} />);
    const toggle = screen.getByRole("switch", { name: "Encrypt in this browser" });
    fireEvent.keyDown(toggle, { key: "Enter" });
    expect(submitted).toBe(1);
    expect(toggle.getAttribute("aria-checked")).toBe("false");
  });
});
