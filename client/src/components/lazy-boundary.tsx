// Catches a lazily loaded part of a screen that fails (its chunk did not arrive, typically offline),
// so the rest of the screen stays usable and the part can offer a way out.
import { Component, type ReactNode } from "react";

export type LazyBoundaryProps = {
  children: ReactNode;
  fallback: (retry: () => void) => ReactNode;
};

export class LazyBoundary extends Component<LazyBoundaryProps, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError(): { hasError: boolean } {
    return { hasError: true };
  }

  override render() {
    return this.state.hasError ? this.props.fallback(() => this.setState({ hasError: false })) : this.props.children;
  }
}
