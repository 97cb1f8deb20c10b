import Alert from 'antd/es/alert';

/** The one validation or server message a form shows at a time. */
export function FormProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} />;
}
