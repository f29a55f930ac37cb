;;; toolcall-executions.el --- List and stop the bridge's executions  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors

;; Author: The toolcall authors
;; URL: https://github.com/toolcall/toolcall
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; `toolcall-executions' lists every tool call and script the bridge ran
;; in this session in a `tabulated-list-mode' buffer: `g' polls the
;; bridge again and `k' stops the execution at point.

;;; Code:

(require 'tabulated-list)
(require 'toolcall)

(defvar toolcall-executions-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "k") #'toolcall-executions-stop)
    map)
  "Keymap of `toolcall-executions-mode'.")

(define-derived-mode toolcall-executions-mode tabulated-list-mode "ToolCall Executions"
  "List the bridge's executions.
\\{toolcall-executions-mode-map}"
  (setq tabulated-list-format [("Id" 6 t) ("Tool" 12 t) ("Status" 10 t)
                               ("Started" 24 t) ("Call" 0 nil)])
  (add-hook 'tabulated-list-revert-hook #'toolcall-executions--refresh nil t)
  (tabulated-list-init-header))

(defun toolcall-executions--refresh ()
  "Fetch the executions from the bridge into `tabulated-list-entries'."
  (setq tabulated-list-entries
        (mapcar (lambda (execution)
                  (list (plist-get execution :id)
                        (vector (plist-get execution :id)
                                (plist-get execution :tool)
                                (plist-get execution :status)
                                (plist-get execution :startedAt)
                                (replace-regexp-in-string
                                 "\n" " " (plist-get execution :label)))))
                (plist-get (toolcall--user-errors (toolcall--request-sync "executions/list" '()))
                           :executions))))

;;;###autoload
(defun toolcall-executions ()
  "List the bridge's executions: g to poll, k to stop one."
  (interactive)
  (with-current-buffer (get-buffer-create "*toolcall executions*")
    (toolcall-executions-mode)
    (toolcall-executions--refresh)
    (tabulated-list-print)
    (pop-to-buffer (current-buffer))))

(defun toolcall-executions-stop ()
  "Stop the execution at point."
  (interactive)
  (let ((id (or (tabulated-list-get-id) (user-error "No execution at point"))))
    (toolcall--user-errors (toolcall--request-sync "executions/stop" (list :id id)))
    (revert-buffer)))

(provide 'toolcall-executions)
;;; toolcall-executions.el ends here
