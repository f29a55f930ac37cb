;;; toolcall-processes-tests.el --- ERT tests of the process list  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; The process list against the real bridge: background Bash commands
;; started through it are listed, refreshed while shown, stopped and
;; read.  Loaded after toolcall-tests.el, whose helpers it uses.

;;; Code:

(require 'ert)
(require 'toolcall)
(require 'toolcall-processes)

(unless (fboundp 'toolcall-test--wait-until)
  (load (expand-file-name "toolcall-tests.el" (file-name-directory load-file-name)) nil t))

(defun toolcall-processes-test--background (command &optional tty)
  "Start COMMAND as a background Bash process through the bridge.
With TTY, under a terminal."
  (toolcall-call-tool-sync "Bash" (list :command command :description "test process"
                                        :yield_time_ms 250 :tty (if tty t :false))))

(defun toolcall-processes-test--list-text ()
  "Return the process list's text."
  (with-current-buffer toolcall-processes-buffer-name
    (buffer-substring-no-properties (point-min) (point-max))))

(defun toolcall-processes-test--goto (regexp)
  "Move point in the process list to the row matching REGEXP."
  (with-current-buffer toolcall-processes-buffer-name
    (goto-char (point-min))
    (should (re-search-forward regexp nil t))
    (beginning-of-line)))

(ert-deftest toolcall-processes-test-list-refresh-stop ()
  "The list shows background commands, refreshes while shown, and `k' stops one."
  (let ((toolcall-sandbox-mode 'full-auto)
        (toolcall-processes-refresh-interval 0.2))
    (toolcall-test--with-bridge
      (toolcall-processes-test--background "sleep 61")
      (toolcall-processes)
      (toolcall-test--wait-until
       (lambda () (string-match-p "running +no .*sleep 61" (toolcall-processes-test--list-text))))
      (let ((timer (buffer-local-value 'toolcall-processes--timer
                                       (get-buffer toolcall-processes-buffer-name))))
        (should (memq timer timer-list))
        ;; A process started after the list opened appears without `g'.
        (toolcall-processes-test--background "sleep 62")
        (toolcall-test--wait-until
         (lambda () (string-match-p "sleep 62" (toolcall-processes-test--list-text))))
        ;; `k' asks first; no keeps the process.
        (toolcall-processes-test--goto "sleep 61")
        (with-current-buffer toolcall-processes-buffer-name
          (let ((asked nil))
            (cl-letf (((symbol-function 'y-or-n-p)
                       (lambda (prompt) (setq asked prompt) nil)))
              (toolcall-processes-stop))
            (should (string-match-p "\\`Stop process .* (sleep 61)\\? \\'" asked)))
          (cl-letf (((symbol-function 'y-or-n-p) (lambda (_prompt) t)))
            (toolcall-processes-stop)))
        (toolcall-test--wait-until
         (lambda () (not (string-match-p "sleep 61" (toolcall-processes-test--list-text)))))
        (should (string-match-p "sleep 62" (toolcall-processes-test--list-text)))
        ;; The timer goes with the buffer.
        (kill-buffer toolcall-processes-buffer-name)
        (should-not (memq timer timer-list))))))

(ert-deftest toolcall-processes-test-output-and-input ()
  "RET shows a process's output as it grows; `s' types a line into a terminal one."
  (let ((toolcall-sandbox-mode 'full-auto)
        (toolcall-processes-refresh-interval 0.2))
    (toolcall-test--with-bridge
      (toolcall-processes-test--background
       "for i in $(seq 1 600); do echo tick$i; sleep 0.05; done")
      (toolcall-processes-test--background "read line; echo \"got:$line\"; sleep 60" t)
      (toolcall-processes)
      (toolcall-test--wait-until
       (lambda () (string-match-p "yes .*read line" (toolcall-processes-test--list-text))))
      (toolcall-processes-test--goto "tick")
      (let ((output (with-current-buffer toolcall-processes-buffer-name
                      (toolcall-processes-output))))
        (should (eq (buffer-local-value 'major-mode output) 'toolcall-process-output-mode))
        (toolcall-test--wait-until
         (lambda () (with-current-buffer output
                      (string-match-p "^tick2$" (buffer-string)))))
        ;; While shown it follows the process: later lines arrive without `g'.
        (toolcall-test--wait-until
         (lambda () (with-current-buffer output
                      (string-match-p "^tick12$" (buffer-string)))))
        (kill-buffer output))
      (toolcall-processes-test--goto "read line")
      (with-current-buffer toolcall-processes-buffer-name
        (toolcall-processes-send-line "hello")
        (let ((output (toolcall-processes-output)))
          (toolcall-test--wait-until
           (lambda () (with-current-buffer output
                        (revert-buffer)
                        (string-match-p "got:hello" (buffer-string)))))
          (kill-buffer output)))
      (kill-buffer toolcall-processes-buffer-name))))

(ert-deftest toolcall-processes-test-no-bridge ()
  "Without a running bridge the list says so and starts none."
  (let ((toolcall-bridge-script (expand-file-name "dist/bridge.js" toolcall-test--root)))
    (toolcall-stop)
    (toolcall-processes)
    (unwind-protect
        (with-current-buffer toolcall-processes-buffer-name
          (should-not (toolcall-live-p))
          (should (string-match-p "not running" (format "%s" header-line-format)))
          (should-error (toolcall-processes-stop t) :type 'user-error))
      (kill-buffer toolcall-processes-buffer-name))))

(provide 'toolcall-processes-tests)
;;; toolcall-processes-tests.el ends here
