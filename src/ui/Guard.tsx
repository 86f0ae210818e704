import { Component, type ComponentChildren } from 'preact';

/** Props of {@link Guard}. */
export interface GuardProps {
  /** Shown in place of the children once rendering them has failed. */
  fallback: ComponentChildren;
  /** Told when rendering the children has failed. */
  onError?: () => void;
  children: ComponentChildren;
}

/**
 * An error boundary: its children until rendering them throws (a bug meeting odd data, a host page or an
 * extension that breaks the DOM), then `fallback` in their place. Should the fallback throw too, the
 * error goes on to the guard above.
 */
export class Guard extends Component<GuardProps, { failed?: boolean }> {
  override componentDidCatch(): void {
    this.setState({ failed: true });
    this.props.onError?.();
  }

  override render({ fallback, children }: GuardProps): ComponentChildren {
    return this.state.failed ? fallback : children;
  }
}
