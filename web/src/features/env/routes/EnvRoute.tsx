import Container from 'react-bootstrap/Container';
import Table from 'react-bootstrap/Table';
import { Spinner } from '@/components/ui/Spinner';
import { useEnv, type EnvInfo } from '../api/get-env';
import { envTexts as t } from '../texts';

const ROWS: [keyof EnvInfo, string][] = [
  ['version', t.version],
  ['commit', t.commit],
  ['environment', t.environment],
  ['databaseKind', t.databaseKind],
  ['paymentMode', t.paymentMode],
  ['mailMode', t.mailMode],
];

/** The hidden environment page: no guard, never a secret. */
export function EnvRoute() {
  const env = useEnv();
  return (
    <Container className="py-5">
      <h1 className="mb-4">{t.title}</h1>
      {env.isPending && <Spinner />}
      {env.isError && <p role="alert">{t.failed}</p>}
      {env.data && (
        <Table bordered className="env-table">
          <tbody>
            {ROWS.map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td data-testid={`env-${key}`}>{env.data[key]}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Container>
  );
}
