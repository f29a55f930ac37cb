;;; toolcall-view.el --- The *toolcall* view buffer  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors

;; Author: The toolcall authors
;; URL: https://github.com/toolcall/toolcall
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; Draws the bridge's render trees (the JSON of `renderJson' in
;; @toolcall/render) as rows: a marker, a status sign and a header per
;; call, the body and child rows when open.  Parallel batches get a
;; gutter.  Rows fold locally with TAB or RET; every tree update redraws
;; the buffer and keeps each row's folding.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'subr-x)
(require 'text-property-search)

(defvar toolcall-view-buffer-name "*toolcall*"
  "The name of the buffer that shows tool calls.")

(defvar-local toolcall-view--trees nil
  "Alist of (EXECUTION-ID . TREE), newest last.")

(defvar-local toolcall-view--folds nil
  "Hash table from row id to t (open) or `closed', set by toggling.")

(defvar toolcall-view-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "TAB") #'toolcall-view-toggle)
    (define-key map (kbd "RET") #'toolcall-view-toggle)
    (define-key map (kbd "n") #'toolcall-view-next-row)
    (define-key map (kbd "p") #'toolcall-view-previous-row)
    (define-key map (kbd "c") #'toolcall-view-clear)
    map)
  "Keymap of `toolcall-view-mode'.")

(define-derived-mode toolcall-view-mode special-mode "ToolCall"
  "Show tool calls and ToolCall scripts as foldable rows.
\\{toolcall-view-mode-map}"
  (setq toolcall-view--folds (make-hash-table :test #'equal))
  (setq-local revert-buffer-function (lambda (&rest _) (toolcall-view--redraw))))

(defun toolcall-view--buffer ()
  "Return the view buffer, creating it in `toolcall-view-mode'."
  (or (get-buffer toolcall-view-buffer-name)
      (with-current-buffer (get-buffer-create toolcall-view-buffer-name)
        (toolcall-view-mode)
        (current-buffer))))

(defun toolcall-view-display ()
  "Show the view buffer without selecting it."
  (display-buffer (toolcall-view--buffer)))

(defun toolcall-view-update (execution-id tree)
  "Replace the tree of EXECUTION-ID with TREE and redraw."
  (with-current-buffer (toolcall-view--buffer)
    (let ((cell (assoc execution-id toolcall-view--trees)))
      (if cell
          (setcdr cell tree)
        (setq toolcall-view--trees (append toolcall-view--trees
                                           (list (cons execution-id tree))))))
    (toolcall-view--redraw)))

(defun toolcall-view-replace (id tree)
  "Draw TREE in place of the call whose top row has ID, or after the others.
A script recovered as interrupted replaces its own stale running row."
  (with-current-buffer (toolcall-view--buffer)
    (let ((cell (seq-find (lambda (entry)
                            (equal (plist-get (car (plist-get (cdr entry) :items)) :id) id))
                          toolcall-view--trees)))
      (if cell
          (setcdr cell tree)
        (setq toolcall-view--trees (append toolcall-view--trees
                                           (list (cons (concat "recovered:" id) tree))))))
    (toolcall-view--redraw)))

(defun toolcall-view--interrupt-items (items)
  "Mark the running rows among ITEMS, rows and batches, interrupted.
A queued row, which never started, then reads \"(not started)\"."
  (dolist (item items)
    (if (equal (plist-get item :kind) "batch")
        (toolcall-view--interrupt-items (plist-get item :rows))
      (when (equal (plist-get item :status) "running")
        (plist-put item :status "interrupted")
        (let ((header (plist-get item :header)))
          (when (stringp header)
            (cond
             ;; A running script's header carries its state and live aggregate.
             ((string-match " (running)\\( \\[[^]\n]*\\]\\)?" header)
              (plist-put item :header (replace-match " (interrupted)" t t header)))
             ((string-match " (queued)\\'" header)
              (plist-put item :header (replace-match " (not started)" t t header)))))))
      (toolcall-view--interrupt-items (plist-get item :children)))))

(defun toolcall-view-interrupt (prefix)
  "Draw the running rows of trees whose execution id has PREFIX interrupted.
For the calls of a bridge that exited: nothing will settle them.  A script the
next bridge recovers is then drawn in their place."
  (let ((buffer (get-buffer toolcall-view-buffer-name)))
    (when buffer
      (with-current-buffer buffer
        (let ((changed nil))
          (dolist (entry toolcall-view--trees)
            (when (string-prefix-p prefix (car entry))
              (toolcall-view--interrupt-items (plist-get (cdr entry) :items))
              (setq changed t)))
          (when changed (toolcall-view--redraw)))))))

(defun toolcall-view--open-p (row)
  "Return non-nil when ROW is drawn open."
  (let ((fold (gethash (plist-get row :id) toolcall-view--folds)))
    (cond ((eq fold 'closed) nil)
          (fold t)
          (t (plist-get row :expanded)))))

(defun toolcall-view--face (status)
  "Return the face for a row of STATUS."
  (pcase status
    ((or "error" "denied") 'error)
    ("warning" 'warning)
    ((or "cancelled" "interrupted") 'shadow)
    ("running" 'italic)
    (_ 'default)))

(defun toolcall-view--sign (status)
  "Return the sign drawn before the header of a row of STATUS."
  (pcase status
    ("error" "× ")
    ("denied" "⊗ ")
    ("warning" "! ")
    ("cancelled" "⊘ ")
    ("interrupted" "↯ ")
    (_ "")))

(defun toolcall-view--insert-row (row depth gutter)
  "Insert ROW at DEPTH with the batch GUTTER string, then its open content."
  (let* ((start (point))
         (status (plist-get row :status))
         (expandable (plist-get row :expandable))
         (open (and expandable (toolcall-view--open-p row)))
         (indent (concat (make-string (* 2 depth) ?\s) gutter)))
    (insert indent
            (cond ((not expandable) "·") (open "▾") (t "▸"))
            " "
            (toolcall-view--sign status)
            (propertize (plist-get row :header) 'face (toolcall-view--face status))
            (let ((count (plist-get row :count)))
              (if (and count (> count 1)) (format " (%d calls)" count) ""))
            "\n")
    (put-text-property start (point) 'toolcall-row (plist-get row :id))
    (when open
      (let ((body (plist-get row :body)))
        (when (and (stringp body) (not (string-empty-p body)))
          (dolist (line (split-string (string-trim-right body) "\n"))
            (insert indent "    " line "\n"))
          ;; Body lines belong to their row, so TAB on them closes it.
          (put-text-property start (point) 'toolcall-row (plist-get row :id))))
      (toolcall-view--insert-items (plist-get row :children) (1+ depth)))))

(defun toolcall-view--insert-items (items depth)
  "Insert ITEMS (rows and batches) at DEPTH."
  (dolist (item items)
    (if (equal (plist-get item :kind) "batch")
        (let ((rows (plist-get item :rows)))
          (cl-loop for row in rows
                   for index from 0
                   do (toolcall-view--insert-row
                       row depth
                       (cond ((= index 0) "┌ ")
                             ((= index (1- (length rows))) "└ ")
                             (t "│ ")))))
      (toolcall-view--insert-row item depth ""))))

(defun toolcall-view--redraw ()
  "Draw every tree again, keeping point on the same row."
  (let ((inhibit-read-only t)
        (row (get-text-property (point) 'toolcall-row))
        (column (current-column)))
    (erase-buffer)
    (dolist (entry toolcall-view--trees)
      (let ((tree (cdr entry)))
        (toolcall-view--insert-items (plist-get tree :items) 0)
        (dolist (warning (plist-get tree :warnings))
          (insert (propertize (concat "! " (plist-get warning :message)) 'face 'warning)
                  "\n"))))
    (goto-char (point-min))
    (when row
      (let ((match (text-property-search-forward 'toolcall-row row t)))
        (when match
          (goto-char (prop-match-beginning match))
          (move-to-column column))))))

(defun toolcall-view--find-row (id)
  "Return the row plist with ID in the current trees."
  (let (found)
    (cl-labels ((walk (items)
                  (dolist (item items)
                    (unless found
                      (if (equal (plist-get item :kind) "batch")
                          (walk (plist-get item :rows))
                        (if (equal (plist-get item :id) id)
                            (setq found item)
                          (walk (plist-get item :children))))))))
      (dolist (entry toolcall-view--trees)
        (walk (plist-get (cdr entry) :items))))
    found))

(defun toolcall-view-toggle ()
  "Open or close the row at point."
  (interactive)
  (let* ((id (or (get-text-property (point) 'toolcall-row)
                 (user-error "No row at point")))
         (row (toolcall-view--find-row id)))
    (when (and row (plist-get row :expandable))
      (puthash id (if (toolcall-view--open-p row) 'closed t) toolcall-view--folds)
      (toolcall-view--redraw))))

(defun toolcall-view-clear ()
  "Forget every drawn call and empty the view buffer."
  (interactive)
  (with-current-buffer (toolcall-view--buffer)
    (setq toolcall-view--trees nil)
    (clrhash toolcall-view--folds)
    (toolcall-view--redraw)))

(defun toolcall-view-next-row ()
  "Move to the next row."
  (interactive)
  (forward-line 1)
  (while (and (not (eobp)) (not (get-text-property (point) 'toolcall-row)))
    (forward-line 1)))

(defun toolcall-view-previous-row ()
  "Move to the previous row."
  (interactive)
  (forward-line -1))

(provide 'toolcall-view)
;;; toolcall-view.el ends here
