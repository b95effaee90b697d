import Container from 'react-bootstrap/Container';
import { Outlet } from 'react-router';
import { AccountNav } from '../components/AccountNav';
import { accountTexts } from '../texts';

export function AccountLayout() {
  return (
    <Container className="py-4">
      <h1 className="mb-3">{accountTexts.accountTitle}</h1>
      <AccountNav />
      <Outlet />
    </Container>
  );
}
