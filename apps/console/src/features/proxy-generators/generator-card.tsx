import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { GeneratedProxies, GenerationFailure } from './generated-proxies';
import type { useGeneration } from './use-generation';
import './generator-texts';

/** Props of {@link GeneratorCard}. */
export interface GeneratorCardProps {
  title: ReactNode;
  generation: ReturnType<typeof useGeneration>;
  /** E2E hook of the card; the result and failure hooks start with it too. */
  testId: string;
  children: ReactNode;
}

/** A generator panel: its forms, what to do after a refusal, and the proxies it generated. */
export const GeneratorCard = ({ title, generation, testId, children }: GeneratorCardProps) => (
  <Card title={title} data-testid={testId} styles={{ body: { paddingTop: 8 } }}>
    <Flex vertical gap={16}>
      {children}
      <GenerationFailure
        failure={generation.failure}
        onClose={generation.clearFailure}
        testIdPrefix={testId}
      />
      {generation.result ? (
        <GeneratedProxies
          key={generation.result.data[0]?.id}
          result={generation.result}
          testIdPrefix={testId}
        />
      ) : null}
    </Flex>
  </Card>
);
