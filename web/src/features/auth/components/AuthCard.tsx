import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { authTexts } from '../texts';

interface AuthCardProps {
  title: string;
  children: ReactNode;
  /** 'Already a member? Login' under the form (every auth screen but login). */
  loginLink?: boolean;
}

export function AuthCard({ title, children, loginLink = true }: AuthCardProps) {
  return (
    <Container className="py-5 auth-page">
      <Card className="mx-auto shadow-sm auth-card">
        <Card.Body className="p-4 p-md-5">
          <h1 className="h2 mb-4 text-center">{title}</h1>
          {children}
          {loginLink && (
            <p className="mt-4 mb-0 text-center">
              {authTexts.alreadyMember} <Link to="/auth/login">{authTexts.loginLink}</Link>
            </p>
          )}
        </Card.Body>
      </Card>
    </Container>
  );
}
