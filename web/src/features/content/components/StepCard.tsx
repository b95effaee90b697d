import Card from 'react-bootstrap/Card';

interface StepCardProps {
  index: number;
  title: string;
  text: string;
  image: string;
  onImageSettled: () => void;
}

export function StepCard({ index, title, text, image, onImageSettled }: StepCardProps) {
  return (
    <Card className="h-100 border-0 shadow-sm text-center step-card">
      <Card.Body>
        <img
          src={image}
          alt=""
          width={96}
          height={96}
          className="mb-3"
          onLoad={onImageSettled}
          onError={onImageSettled}
        />
        <Card.Title as="h3" className="h5">
          {index}. {title}
        </Card.Title>
        <Card.Text>{text}</Card.Text>
      </Card.Body>
    </Card>
  );
}
