import { Component, type ErrorInfo, type ReactNode } from 'react';
import { newErrorId } from './error-id';
import { ErrorScreen } from './ErrorScreen';

interface ErrorBoundaryState {
  error: unknown;
  errorId: string | null;
}

/** Catches render errors below it, logs them with an id, and offers a retry. */
interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (e.g. the path), a shown error is dismissed so navigation recovers. */
  resetKey?: string;
  /** Fill the viewport (top level) or only the content area (inside the portal shell). */
  fullPage?: boolean;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, errorId: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, errorId: newErrorId() };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[error ${this.state.errorId}]`, error, info.componentStack);
  }

  componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.errorId && previous.resetKey !== this.props.resetKey) this.retry();
  }

  private readonly retry = () => this.setState({ error: null, errorId: null });

  render() {
    const { errorId } = this.state;
    if (!errorId) return this.props.children;
    return <ErrorScreen errorId={errorId} onRetry={this.retry} fullPage={this.props.fullPage ?? true} />;
  }
}
