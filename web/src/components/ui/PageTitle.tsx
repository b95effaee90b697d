import Container from 'react-bootstrap/Container';

/** A screen whose content belongs to later work: its title only. */
export function PageTitle({ title }: { title: string }) {
  return (
    <Container className="py-5">
      <h1>{title}</h1>
    </Container>
  );
}
