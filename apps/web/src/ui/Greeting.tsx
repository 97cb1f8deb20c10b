import Typography from 'antd/es/typography';
import { useAuth } from '../auth/AuthProvider';

/** Greets the signed-in person by first name. */
export function Greeting() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Typography.Title level={4} style={{ marginTop: 0, fontWeight: 500 }}>
      Welcome back, {user.firstName}
    </Typography.Title>
  );
}
