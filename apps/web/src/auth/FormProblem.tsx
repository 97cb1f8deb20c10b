import { LazyAlert } from '../ui/LazyAlert';

/** The one validation or server message a form shows at a time. */
export function FormProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return <LazyAlert type="error" showIcon title={message} style={{ marginBottom: 16 }} />;
}
