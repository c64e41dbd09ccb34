import { Modal, message } from 'antd';
import { useLayoutEffect } from 'react';
import { setFeedback } from './feedback';

/**
 * antd's toast and dialog holders, bound to the ConfigProvider around `FeedbackRoot` (theme,
 * language), as antd's `App` renders them. Loaded on the first toast or dialog (`feedback.ts`).
 */
const FeedbackHolders = () => {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useLayoutEffect(() => {
    setFeedback({ message: messageApi, modal: modalApi });
    return () => setFeedback(null);
  }, [messageApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
    </>
  );
};

export default FeedbackHolders;
