import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashFallback } from './CrashFallback';
import { reportCrash } from './report-crash';

/**
 * Catches a crash in its children (spec 3 §8): the toast, the report to the error tracker,
 * and a fallback in the crashed part's place; 'Tentar novamente' renders the children again.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportCrash(error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <CrashFallback onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
